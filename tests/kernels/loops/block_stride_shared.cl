// expect-verdict: race-free
//--local_size=100 --num_groups=2

__kernel void block_stride_fill(__global float *out, uint n) {
    __local float buf[1024];
    for (size_t i = get_local_id(0); i < 1024; i += get_local_size(0)) {
        buf[i] = 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t i = get_local_id(0); i < 1024; i += get_local_size(0)) {
        buf[i] += (float)i;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        out[get_group_id(0)] = buf[n % 1024];
    }
}

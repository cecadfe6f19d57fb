// expect-verdict: racy
//--local_size=256 --num_groups=64

__kernel void reduce_sequential_unsynced(__global const float *in, __global float *out) {
    __local float sdata[256];
    uint tid = get_local_id(0);
    sdata[tid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s]; //~ race
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid == 0) {
        out[get_group_id(0)] = sdata[0];
    }
}

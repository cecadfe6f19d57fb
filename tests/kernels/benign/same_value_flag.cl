// expect-verdict: race-free
//--local_size=256 --num_groups=8

__kernel void any_negative(__global const int *in, __global int *out) {
    __local int flag[1];
    size_t tid = get_local_id(0);
    if (tid == 0) {
        flag[0] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (in[get_global_id(0)] < 0) {
        flag[0] = 1; //~ benign-race
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid == 0) {
        out[get_group_id(0)] = flag[0];
    }
}

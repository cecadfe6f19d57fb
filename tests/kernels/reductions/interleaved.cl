// expect-verdict: race-free
//--local_size=256 --num_groups=64

__kernel void reduce_interleaved(__global const int *in, __global int *out) {
    __local int sdata[256];
    uint tid = get_local_id(0);
    sdata[tid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 1; s < get_local_size(0); s *= 2) {
        if (tid % (2 * s) == 0) {
            sdata[tid] += sdata[tid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        out[get_group_id(0)] = sdata[0];
    }
}

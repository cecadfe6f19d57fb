// expect-verdict: divergent
//--local_size=256 --num_groups=8

__kernel void guarded_smooth(__global const float *in, __global float *out, int n) {
    __local float tile[256];
    int i = get_global_id(0);
    if (i >= n)
        return;
    tile[get_local_id(0)] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE); //~ divergence
    out[i] = tile[(get_local_id(0) + 1) % 256];
}

// expect-verdict: divergent
//--local_size=64 --num_groups=1

__kernel void first_half_syncs(__global int *out) {
    __local int s[64];
    size_t tid = get_local_id(0);
    s[tid] = (int)tid;
    if (tid < 32) {
        barrier(CLK_LOCAL_MEM_FENCE); //~ divergence
    }
    out[tid] = (int)tid;
}

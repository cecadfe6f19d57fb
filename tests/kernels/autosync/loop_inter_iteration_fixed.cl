// expect-verdict: race-free
//--local_size=64 --num_groups=1

__kernel void accumulate_shifted_synced(__global int *out, int n) {
    __local int A[65];
    size_t tid = get_local_id(0);
    for (int i = 0; i < n; i++) {
        barrier(CLK_LOCAL_MEM_FENCE);
        int x = A[tid + 1];
        x = x + i;
        barrier(CLK_LOCAL_MEM_FENCE);
        A[tid] += x;
    }
    out[tid] = A[tid];
}

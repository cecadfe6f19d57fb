// expect-verdict: race-free
//--local_size=64 --num_groups=1

kernel void shift_left_synced(global int *out) {
    local int A[65];
    size_t tid = get_local_id(0);
    int x = A[tid + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    A[tid] = x;
    out[tid] = x;
}

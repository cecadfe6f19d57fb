// expect-verdict: racy
//--local_size=256 --num_groups=1

__kernel void nested_shift(__global int *out, int n, int m) {
    __local int A[257];
    size_t tid = get_local_id(0);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
            int x = A[tid + 1];
            barrier(CLK_LOCAL_MEM_FENCE);
            A[tid] = x + i + j; //~ race write-read
        }
    }
    out[tid] = A[tid];
}

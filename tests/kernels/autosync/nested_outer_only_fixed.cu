// expect-verdict: race-free
//--blockDim=256 --gridDim=1

__global__ void nested_outer_synced(int *out, int n, int m) {
    __shared__ int A[257];
    unsigned tid = threadIdx.x;
    for (int i = 0; i < n; i++) {
        int x = 0;
        for (int j = 0; j < m; j++) {
            x += A[tid + 1];
        }
        __syncthreads();
        A[tid] = x;
        __syncthreads();
    }
    out[tid] = A[tid];
}

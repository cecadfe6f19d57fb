// expect-verdict: racy
//--blockDim=256 --gridDim=1
// The inner loop only reads; the write after it races with the reads of the
// next outer iteration (an inter-iteration race at depth 1).

__global__ void nested_outer(int *out, int n, int m) {
    __shared__ int A[257];
    unsigned tid = threadIdx.x;
    for (int i = 0; i < n; i++) {
        int x = 0;
        for (int j = 0; j < m; j++) {
            x += A[tid + 1];
        }
        __syncthreads();
        A[tid] = x; //~ race write-read
    }
    out[tid] = A[tid];
}

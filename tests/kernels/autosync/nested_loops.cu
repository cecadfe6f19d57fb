// expect-verdict: racy
//--blockDim=256 --gridDim=1
// The barrier between read and write orders one inner iteration only.

__global__ void nested_shift(int *out, int n, int m) {
    __shared__ int A[257];
    unsigned tid = threadIdx.x;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
            int x = A[tid + 1];
            __syncthreads();
            A[tid] = x + i + j; //~ race write-read
        }
    }
    out[tid] = A[tid];
}

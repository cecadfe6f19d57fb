// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The barrier orders the read and the write of one iteration, but the write
// of iteration i still races with the read of iteration i+1.

__global__ void accumulate_shifted(int *out, int n) {
    __shared__ int A[65];
    unsigned tid = threadIdx.x;
    for (int i = 0; i < n; i++) {
        int x = A[tid + 1];
        x = x + i;
        __syncthreads();
        A[tid] += x; //~ race write-read
    }
    out[tid] = A[tid];
}

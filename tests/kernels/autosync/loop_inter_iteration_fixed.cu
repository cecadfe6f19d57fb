// expect-verdict: race-free
//--blockDim=64 --gridDim=1

__global__ void accumulate_shifted_synced(int *out, int n) {
    __shared__ int A[65];
    unsigned tid = threadIdx.x;
    for (int i = 0; i < n; i++) {
        __syncthreads();
        int x = A[tid + 1];
        x = x + i;
        __syncthreads();
        A[tid] += x;
    }
    out[tid] = A[tid];
}

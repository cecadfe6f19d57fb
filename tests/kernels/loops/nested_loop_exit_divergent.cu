// expect-verdict: divergent
//--blockDim=64 --gridDim=1
// After the nest j == threadIdx.x & 1: the barrier is reached by odd threads
// only. Must stay decided quickly (the inner loop gets no last-iteration
// execution of its own).

__global__ void k(int *out, int n) {
    __shared__ int s[128];
    s[threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    int i = 0;
    int j = 0;
    for (i = 0; i < 2; i++) {
        for (int q = 0; q < 2; q++) {
            j = threadIdx.x & q;
        }
    }
    if (j) {
        __syncthreads(); //~ divergence
    }
    out[threadIdx.x] = j;
}

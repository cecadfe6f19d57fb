// expect-verdict: racy
// Twins of redraw_in_condition_prelude.cu whose redraw in the loop covers
// [0, 4n]: the entry draw stays in the block's row, a later claim reaches
// the first cell of the next block's row, which that block reads.

__device__ double lcg64(unsigned long long *seed) {
    const unsigned long long m = 9223372036854775808ULL;
    *seed = (2806196910506780709ULL * (*seed) + 1ULL) % m;
    return (double)(*seed) / (double)m;
}

__global__ void claim_while_wide(float *X, int n, unsigned long long seed) {
    if (n <= 0 || n > 256)
        return;
    if (threadIdx.x < 4) {
        int j = (int)(lcg64(&seed) * n);
        while (atomicExch(&X[blockIdx.x * 1024 + j], 1.0f) == 1.0f) { //~ race
            j = (int)(lcg64(&seed) * (4 * n));
        }
    }
    __syncthreads();
    for (int c = threadIdx.x; c < n; c += blockDim.x)
        X[blockIdx.x * 1024 + 512 + c] = X[blockIdx.x * 1024 + c]; //~ race
}

__device__ bool taken(float *X, int i) {
    return atomicExch(&X[i], 1.0f) == 1.0f; //~ race
}

__global__ void claim_for_wide(float *X, int n, unsigned long long seed) {
    if (n <= 0 || n > 256)
        return;
    if (threadIdx.x < 4) {
        for (int j = (int)(lcg64(&seed) * n); taken(X, blockIdx.x * 1024 + j);
             j = (int)(lcg64(&seed) * (4 * n))) {
        }
    }
    __syncthreads();
    for (int c = threadIdx.x; c < n; c += blockDim.x)
        X[blockIdx.x * 1024 + 512 + c] = X[blockIdx.x * 1024 + c]; //~ race
}

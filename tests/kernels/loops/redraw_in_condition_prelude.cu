// expect-verdict: race-free
// A random index redrawn by a loop whose condition claims the cell
// (`while (atomicExch(..) == 1)`, or a `for` whose condition calls a
// function): the condition has a prelude, the atomic, which reads the head
// value of `j`. The invariant search proves `0 <= j <= n` (see
// float_random_index.cu: `(double)seed` may round up to `m`) at every head,
// the last one, whose claim succeeds, included, so each block claims cells of
// its own row of 1024 only (copied into its second half). The twins in redraw_in_condition_prelude_racy.cu
// redraw over four times the range.

__device__ double lcg64(unsigned long long *seed) {
    const unsigned long long m = 9223372036854775808ULL;
    *seed = (2806196910506780709ULL * (*seed) + 1ULL) % m;
    return (double)(*seed) / (double)m;
}

__global__ void claim_while(float *X, int n, unsigned long long seed) {
    if (n <= 0 || n > 256)
        return;
    if (threadIdx.x < 4) {
        int j = (int)(lcg64(&seed) * n);
        while (atomicExch(&X[blockIdx.x * 1024 + j], 1.0f) == 1.0f) {
            j = (int)(lcg64(&seed) * n);
        }
    }
    __syncthreads();
    for (int c = threadIdx.x; c < n; c += blockDim.x)
        X[blockIdx.x * 1024 + 512 + c] = X[blockIdx.x * 1024 + c];
}

__device__ bool taken(float *X, int i) {
    return atomicExch(&X[i], 1.0f) == 1.0f;
}

__global__ void claim_for(float *X, int n, unsigned long long seed) {
    if (n <= 0 || n > 256)
        return;
    if (threadIdx.x < 4) {
        for (int j = (int)(lcg64(&seed) * n); taken(X, blockIdx.x * 1024 + j);
             j = (int)(lcg64(&seed) * n)) {
        }
    }
    __syncthreads();
    for (int c = threadIdx.x; c < n; c += blockDim.x)
        X[blockIdx.x * 1024 + 512 + c] = X[blockIdx.x * 1024 + c];
}

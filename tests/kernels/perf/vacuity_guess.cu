// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// Race-free kernels whose preconditions leave threads reaching the
// accesses: not vacuous, and no note. The vacuity query of each is decided
// by a guessed model (check/guess.rs: ids 0, parameters 1 or the value they
// are fixed to, a loop's exit from its facts), without a solver call; the
// last needs two parameters with different values (`t < n - 1`): one
// parameter guessed large, the others 1 (its vacuous twin below_pivot in
// vacuity_guess_vacuous.cu, whose preconditions contradict, still goes to
// the solver, which answers unsat).
__global__ void compact(int *dst, int *count, const int *src, int n) {
    __requires(n > 0);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && src[i] > 0)
        dst[atomicAdd(count, 1)] = src[i];
}

__global__ void head_rows(float *out, const float *q, int heads, int dim) {
    __requires(heads == 4);
    __requires(dim == 4096);
    __shared__ float acc[64];
    for (int i = threadIdx.x; i < dim / 64; i += blockDim.x)
        acc[i] = q[blockIdx.x * dim + i];
    __syncthreads();
    if (threadIdx.x < heads)
        out[blockIdx.x * heads + threadIdx.x] = acc[threadIdx.x];
}

__global__ void below_pivot(float *m, const float *a, int n, int t) {
    __requires(t >= 0);
    __requires(t < n - 1);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1 - t)
        m[n * (i + t + 1) + t] = a[n * (i + t + 1) + t] / a[n * t + t];
}

// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// Twin of vacuity_guess.cu whose preconditions leave no thread reaching an
// access: no guess satisfies them (none can), so the solver is asked and
// answers unsat: vacuous. Each kernel races once its accesses run.
__global__ void compact(int *dst, int *count, const int *src, int n) { //~ vacuous
    __requires(n > 0);
    __requires(n < 0);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && src[i] > 0)
        dst[atomicAdd(count, 1) / 2] = src[i];
}

__global__ void head_rows(float *out, const float *q, int heads, int dim) { //~ vacuous
    __requires(heads == 4);
    __requires(heads > dim);
    __requires(dim == 4096);
    __shared__ float acc[64];
    for (int i = threadIdx.x; i < dim / 64; i += blockDim.x)
        acc[i] = q[blockIdx.x * dim + i];
    if (threadIdx.x < heads)
        out[blockIdx.x * heads + threadIdx.x] = acc[threadIdx.x + 1];
}

__global__ void empty_range(int *a, int n) { //~ vacuous
    __requires(n == 0);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i + 1] = a[i];
}

__global__ void below_pivot(float *m, const float *a, int n, int t) { //~ vacuous
    __requires(t >= 0);
    __requires(t < n - 1);
    __requires(n < 1);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1 - t)
        m[0] = a[n * (i + t + 1) + t];
}

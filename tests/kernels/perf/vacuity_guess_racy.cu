// expect-verdict: racy
//--blockDim=256 --gridDim=8
// Racy twin of vacuity_guess.cu: the same preconditions and loops, each
// kernel with a real race (the vacuity query is asked of race-free kernels
// only; the race is reported whatever a guess would give).
__global__ void compact(int *dst, int *count, const int *src, int n) {
    __requires(n > 0);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && src[i] > 0)
        dst[atomicAdd(count, 1) / 2] = src[i]; //~ race write-write
}

__global__ void head_rows(float *out, const float *q, int heads, int dim) {
    __requires(heads == 4);
    __requires(dim == 4096);
    __shared__ float acc[64];
    for (int i = threadIdx.x; i < dim / 64; i += blockDim.x)
        acc[i] = q[blockIdx.x * dim + i]; //~ race write-read
    if (threadIdx.x < heads)
        out[blockIdx.x * heads + threadIdx.x] = acc[threadIdx.x + 1]; //~ race read-write
}

__global__ void below_pivot(float *m, const float *a, int n, int t) {
    __requires(t >= 0);
    __requires(t < n - 1);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1 - t)
        m[n * (i + t + 1) + t] = m[n * (i + t + 2) + t] / a[n * t + t]; //~ race
}

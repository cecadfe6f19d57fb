// expect-verdict: race-free
// An index `(int)(r * n)` from a float `r` that a linear congruential
// generator computes as `(float)seed / (float)m` with `seed = (...) % m`:
// `r` is in [0, 1] (`(float)seed` may round up to `m`), so the index is in
// [0, n], inside each thread's row of 2048 cells for n <= 1024. The twins in
// float_random_index_racy.cu divide by a smaller `m` or drop the remainder.

__device__ float lcg(unsigned int *seed) {
    const unsigned int m = 2147483648;
    *seed = (26757677u * (*seed) + 1) % m;
    return (float)(*seed) / (float)m;
}

__global__ void pick(int *rows, int n, const unsigned int *seeds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (n <= 0 || n > 1024)
        return;
    unsigned int seed = seeds[t];
    int j = (int)(lcg(&seed) * n);
    rows[t * 2048 + j] = t;
}

__device__ double lcg64(unsigned long long *seed) {
    const unsigned long long m = 9223372036854775808ULL;
    *seed = (2806196910506780709ULL * (*seed) + 1ULL) % m;
    return (double)(*seed) / (double)m;
}

__global__ void pick64(int *rows, int n, const unsigned long long *seeds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (n <= 0 || n > 1024)
        return;
    unsigned long long seed = seeds[t];
    int j = (int)(lcg64(&seed) * n);
    rows[t * 2048 + j] = t;
}


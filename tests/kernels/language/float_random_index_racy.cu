// expect-verdict: racy
// Twins of float_random_index.cu: over m = 2^30 a 31-bit seed gives r up
// to 2, and without the remainder a 32-bit seed gives r up to 4: the index
// reaches the next thread's row; `r` itself may be 1.

__device__ float lcg_half(unsigned int *seed) {
    const unsigned int m = 1073741824;
    *seed = (26757677u * (*seed) + 1) % 2147483648u;
    return (float)(*seed) / (float)m;
}

__global__ void pick_half(int *rows, int n, const unsigned int *seeds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (n <= 0 || n > 1024)
        return;
    unsigned int seed = seeds[t];
    int j = (int)(lcg_half(&seed) * n);
    rows[t * 2048 + j] = t; //~ race write-write
}

__device__ float lcg_wide(unsigned int *seed) {
    const unsigned int m = 1073741824;
    *seed = 26757677u * (*seed) + 1;
    return (float)(*seed) / (float)m;
}

__global__ void pick_wide(int *rows, int n, const unsigned int *seeds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (n <= 0 || n > 1024)
        return;
    unsigned int seed = seeds[t];
    int j = (int)(lcg_wide(&seed) * n);
    rows[t * 2048 + j] = t; //~ race write-write
}


// `(float)seed` of a seed near 2^31 rounds up to 2^31: r may be 1, and the
// index n, the first cell of the next row of n cells.
__device__ float lcg(unsigned int *seed) {
    const unsigned int m = 2147483648;
    *seed = (26757677u * (*seed) + 1) % m;
    return (float)(*seed) / (float)m;
}

__global__ void pick_rounded_up(int *rows, int n, const unsigned int *seeds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (n != 1024)
        return;
    unsigned int seed = seeds[t];
    int j = (int)(lcg(&seed) * n);
    rows[t * 1024 + j] = t; //~ race write-write
}

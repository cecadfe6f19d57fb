// expect-verdict: race-free
//--blockDim=[64,4] --gridDim=[1,8]
// Partial sums of a row loop with many locals read from global memory
// (each a fresh value in the query), then one slot per warp published in
// shared memory and read back by the first warp behind a barrier: the pair
// of warp slots is decided on the facts that reach its offsets, without
// the loop's locals (see `check::slice`).

__global__ void row_dot_warps(const float4 *mat, const float4 *vec, float *res,
                              unsigned n, unsigned per_thread) {
    __shared__ float partial[4][32];
    float sum = 0.0f;
    unsigned row = blockIdx.y * blockDim.y + threadIdx.y;
    for (unsigned it = 0; it < per_thread; it++) {
        unsigned j = 2 * (threadIdx.x + it * blockDim.x);
        if (j < n) {
            float4 a = mat[row * n + j];
            float4 b = mat[row * n + j + 1];
            float4 x = vec[j];
            float4 y = vec[j + 1];
            sum += a.x * x.x + a.y * x.y + a.z * x.z + a.w * x.w;
            sum += b.x * y.x + b.y * y.y + b.z * y.z + b.w * y.w;
        }
    }
    unsigned lane = threadIdx.x % 32;
    unsigned warp = threadIdx.x / 32;
    if (lane == 0) partial[threadIdx.y][warp] = sum;
    __syncthreads();
    sum = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.y][lane] : 0.0f;
    if (threadIdx.x == 0) res[row] = sum;
}

// The same pair without a barrier: lanes 0-15 of every warp read the
// upper half of their row, where only warps 16-31 (none in a block of 64
// threads) publish.
__global__ void row_dot_upper_half(const float4 *mat, const float4 *vec, float *res,
                                   unsigned n, unsigned per_thread) {
    __shared__ float partial[4][32];
    float sum = 0.0f;
    unsigned row = blockIdx.y * blockDim.y + threadIdx.y;
    for (unsigned it = 0; it < per_thread; it++) {
        unsigned j = 2 * (threadIdx.x + it * blockDim.x);
        if (j < n) {
            float4 a = mat[row * n + j];
            float4 x = vec[j];
            sum += a.x * x.x + a.y * x.y + a.z * x.z + a.w * x.w;
        }
    }
    unsigned lane = threadIdx.x % 32;
    unsigned warp = threadIdx.x / 32;
    if (lane == 0) partial[threadIdx.y][warp] = sum;
    if (lane < 16) sum += partial[threadIdx.y][16 + lane];
    if (threadIdx.x == 0) res[row] = sum;
}

// expect-verdict: racy
//--blockDim=[64,4] --gridDim=[1,8]
// Racy twins of sliced_loop_locals.cu: the barrier missing, a warp reading
// the next warp's slot, the lower half of the row, and a loop whose exit
// fact the slice leaves out (`k + n > blockDim.x` after the loop: the
// slice's model, completed with `k = n = 0`, breaks it, so the whole query
// is asked and gives the witness).

__global__ void row_dot_no_barrier(const float4 *mat, const float4 *vec, float *res,
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
    if (lane == 0) partial[threadIdx.y][warp] = sum; //~ race write-read
    sum = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.y][lane] : 0.0f; //~ race read-write
    if (threadIdx.x == 0) res[row] = sum;
}

__global__ void row_dot_next_slot(const float4 *mat, const float4 *vec, float *res,
                                  unsigned n, unsigned per_thread) {
    __shared__ float partial[4][33];
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
    if (lane == 0) partial[threadIdx.y][warp] = sum; //~ race write-read
    if (lane == 0) sum = partial[threadIdx.y][warp + 1]; //~ race read-write
    if (threadIdx.x == 0) res[row] = sum;
}

__global__ void row_dot_exit_fact(const float *vec, float *res, unsigned n) {
    __shared__ float partial[4][32];
    float sum = 0.0f;
    unsigned k = 0;
    for (k = 0; k + n <= blockDim.x; k++) {
        sum += vec[k];
    }
    unsigned lane = threadIdx.x % 32;
    unsigned warp = threadIdx.x / 32;
    if (lane == 0) partial[threadIdx.y][warp] = sum; //~ race write-read
    sum = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.y][lane] : 0.0f; //~ race read-write
    if (threadIdx.x == 0) res[blockIdx.y * blockDim.y + threadIdx.y] = sum;
}

// Twin of row_dot_upper_half: the lower half, where warps 0 and 1 publish.
__global__ void row_dot_lower_half(const float4 *mat, const float4 *vec, float *res,
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
    if (lane == 0) partial[threadIdx.y][warp] = sum; //~ race write-read
    if (lane < 16) sum += partial[threadIdx.y][lane]; //~ race read-write
    if (threadIdx.x == 0) res[row] = sum;
}

// expect-verdict: race-free
//--blockDim=32,8 --gridDim=16

// Rows of a warp's 32 elements addressed with a constant left shift,
// `(threadIdx.y << 5) + threadIdx.x`: the shift is `* 32` (the product
// fits the type), so the offsets determine the thread without the solver.
__global__ void warp_rows(float *out, const float *in) {
    __shared__ float tile[256];
    int row = threadIdx.y << 5;
    int idx = row + threadIdx.x;
    tile[idx] = in[(blockIdx.x << 8) + idx];
    __syncthreads();
    out[(blockIdx.x << 8) + idx] = tile[idx] * 2.0f;
}

// The same with an unsigned shift of the block index into the global row.
__global__ void unsigned_rows(unsigned *out) {
    unsigned idx = (threadIdx.y << 5u) + threadIdx.x;
    out[(blockIdx.x << 8u) + idx] = idx;
}

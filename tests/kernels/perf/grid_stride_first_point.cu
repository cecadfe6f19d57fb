// expect-verdict: race-free
// A quasi-random sequence, one row of n points per blockIdx.y: each thread
// computes its first point `gid` from the bits of its Gray code (a loop up
// to the lowest set bit of the grid size, `__ffs`), then steps to `gid +
// stride, gid + 2 * stride, ...` with `stride` the number of threads of the
// grid, updating the value from a table entry picked by bit operations on
// the point. A first point is below `stride` and every later point at
// least `stride`, so the first point of one thread never meets a later
// point of another. The solver needs `blockIdx.x * blockDim.x +
// threadIdx.x < gridDim.x * blockDim.x` and `i >= i0 + stride` (from `k *
// stride >= 0`), non-linear in the symbolic launch sizes, and among the
// bit-vector terms it ran out of budget without them (the grid-stride
// lemmas, `Encoder::grid_stride_lemmas`).

__global__ void gray_points(float *out, const unsigned *table, unsigned n) {
    __shared__ unsigned dir[32];
    if (threadIdx.x < 32) {
        dir[threadIdx.x] = table[32 * blockIdx.y + threadIdx.x];
    }
    __syncthreads();
    out += n * blockIdx.y;
    int i0 = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = gridDim.x * blockDim.x;
    unsigned gray = i0 ^ (i0 >> 1);
    unsigned x = 0;
    for (unsigned k = 0; k < __ffs(stride) - 1; k++) {
        x ^= (0u - (gray & 1)) & dir[k];
        gray >>= 1;
    }
    if (i0 < n) {
        out[i0] = (float)x;
    }
    for (unsigned i = i0 + stride; i < n; i += stride) {
        x ^= dir[__ffs(~((i - stride) | (stride - 1))) - 1];
        out[i] = (float)x;
    }
}

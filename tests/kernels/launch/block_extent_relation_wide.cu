// expect-verdict: race-free
// A grid the host divides from a 64-bit unsigned size by the block extent
// (`size_t half; int b = half < wg ? half : wg; dim3 grid(half / b)`, the
// block `b`): every thread's `blockIdx.x * blockDim.x + threadIdx.x` is
// below `half` (gridDim.x is the 64-bit quotient converted to `unsigned
// int`, at most the quotient), so the writes `[half, 2 * half)` never meet
// the reads from `2 * half` on; with a second dimension the same holds for
// rows of `width` (a `size_t` width, rounded down too).

__global__ void bew_fold(const size_t half, unsigned long *tree) {
    const size_t idx = blockIdx.x * blockDim.x + threadIdx.x;
    tree[half + idx] = tree[2 * half + 2 * idx] + tree[2 * half + 2 * idx + 1];
}

__global__ void bew_rows(float *m, size_t width) {
    size_t col = blockIdx.x * blockDim.x + threadIdx.x;
    size_t row = blockIdx.y;
    m[row * width + col] = m[row * width + col] * 2.f;
}

void fold(unsigned long *tree, size_t leaves, size_t wg) {
    for (size_t r = 1; r < 20; r++) {
        const size_t half = leaves >> r;
        int b = half < wg ? half : wg;
        dim3 grid(half / b);
        dim3 block(b);
        bew_fold<<<grid, block>>>(half, tree);
    }
}

void rows(float *m, size_t width, unsigned int height, unsigned int b) {
    bew_rows<<<dim3(width / b, height), b>>>(m, width);
}

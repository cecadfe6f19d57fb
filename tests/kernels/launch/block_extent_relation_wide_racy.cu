// expect-verdict: racy
// As block_extent_relation_wide.cu, but the grids are rounded up (the last
// block's threads reach `half` and beyond, and write where other threads
// read; a row's last block runs into the next row), a grid divides a
// 64-bit size by a block extent other than the launch's, and a reference
// bound to an arm of `?:` quarters the size after the grid is computed.

__global__ void bewr_fold(const size_t half, unsigned long *tree) {
    const size_t idx = blockIdx.x * blockDim.x + threadIdx.x;
    tree[half + idx] = tree[2 * half + 2 * idx] + tree[2 * half + 2 * idx + 1]; //~ race read-write
}

__global__ void bewr_other(const size_t half, unsigned long *tree) {
    const size_t idx = blockIdx.x * blockDim.x + threadIdx.x;
    tree[half + idx] = tree[2 * half + 2 * idx] + tree[2 * half + 2 * idx + 1]; //~ race read-write
}

__global__ void bewr_alias(const size_t half, unsigned long *tree) {
    const size_t idx = blockIdx.x * blockDim.x + threadIdx.x;
    tree[half + idx] = tree[2 * half + 2 * idx] + tree[2 * half + 2 * idx + 1]; //~ race read-write
}

__global__ void bewr_rows(float *m, size_t width) {
    size_t col = blockIdx.x * blockDim.x + threadIdx.x;
    size_t row = blockIdx.y;
    m[row * width + col] = m[row * width + col] * 2.f; //~ race read-write
}

void fold(unsigned long *tree, size_t leaves, size_t wg) {
    for (size_t r = 1; r < 20; r++) {
        const size_t half = leaves >> r;
        int b = half < wg ? half : wg;
        dim3 grid((half + b - 1) / b);
        dim3 block(b);
        bewr_fold<<<grid, block>>>(half, tree);
    }
}

void other(unsigned long *tree, size_t half, int b, int c) {
    bewr_other<<<half / b, c>>>(half, tree);
}

void alias(unsigned long *tree, size_t half, size_t wg) {
    int b = half < wg ? half : wg;
    dim3 grid(half / b);
    size_t &h = wg < half ? half : wg;
    h = h / 4;
    bewr_alias<<<grid, b>>>(half, tree);
}

void rows(float *m, size_t width, unsigned int height, unsigned int b) {
    bewr_rows<<<dim3((width + b - 1) / b, height), b>>>(m, width);
}

// expect-verdict: race-free
// The host computes each grid (or block) from the sizes it passes to the
// kernel, and the kernel relies on it: `nx / 64` blocks of 64 threads give
// x < nx, so a row-major index `y * nx + x` is different for every thread
// although only `y` is guarded; a block of `cols` threads gives
// threadIdx.x < cols; `un >> 7` blocks of 128 threads
// give x < n, where `x % n` is x; a template launch `k<BS><<<n / BS, BS>>>`
// gives blockDim.x = BS; an argument defined as another (`pitch = nx`) is
// that argument. The launches say so: `gridDim.x = nx / 64`.

__global__ void rel_rows(const float *in, float *out, int nx, int ny) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (y < ny)
        out[y * nx + x] = in[y * nx + x] * 0.5f;
}

__global__ void rel_blocks(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] += 1.f;
}

__global__ void rel_row_per_block(float *m, int cols) {
    int r = blockIdx.x;
    m[r * cols + threadIdx.x] *= 2.f;
}

__global__ void rel_unsigned(unsigned int *a, unsigned int n) {
    unsigned int x = blockIdx.x * 128 + threadIdx.x;
    a[x % n] = x;
}

__global__ void rel_pitch(float *a, int nx, int pitch) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    if (x < nx)
        a[y * pitch + x] = x;
}

template <int BS>
__global__ void rel_template(float *a, int n) {
    int x = blockIdx.x * BS + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = x;
}

// The block size is the launching function's template parameter: each
// instantiation has one value for both (`blockDim.x = BS`).
template <int BS>
void run_tiles(float *a, int n) {
    rel_template<BS><<<dim3(n / BS, 4), BS>>>(a, n);
}

void run(const float *in, float *out, int nx, int ny, int rows, unsigned int un) {
    dim3 grid(nx / 64, (ny + 3) / 4);
    dim3 block(64, 4);
    rel_rows<<<grid, block>>>(in, out, nx, ny);
    int blocks = nx / 64;
    rel_blocks<<<dim3(blocks, 8), 64>>>(out, nx);
    const int cols = ny;
    rel_row_per_block<<<rows, cols>>>(out, cols);
    // Sizes evaluated at the launch itself: a write after it does not matter.
    int width = ny;
    for (int r = 0; r < 4; r++) {
        rel_row_per_block<<<rows, width>>>(out, width);
        width += 32;
    }
    rel_unsigned<<<un >> 7, 128>>>((unsigned int *)out, un);
    run_tiles<64>(out, nx);
    run_tiles<256>(out, ny);
    const int pitch = nx;
    rel_pitch<<<dim3((nx + 63) / 64, 8), 64>>>(out, nx, pitch);
}

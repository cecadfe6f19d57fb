// expect-verdict: race-free
// Launch sizes computed from the block extent the host picks at run time:
// `threads` (read from a parameter struct) is the whole block component of
// a launch in a worker lambda (rows and cols read before it is made), so
// `dim3 grid((cols - 2) / threads)` gives gridDim.x = (cols - 2) /
// blockDim.x, and every interior column `blockIdx.x * blockDim.x +
// threadIdx.x + 1` stays below cols - 1: rows do not meet. The same with an
// integer block `<<<(cols - 2) / b, b>>>` (the blocks stop before the second
// half `q + blockIdx.x`), and an argument that is the block extent (`span
// = blockDim.x`: the second half starts after the first).
#include <thread>

void read_size(int &rows, int &cols);

struct Params {
    int threads;
};

__global__ void ber_interior(unsigned char *io, int rows, int cols) {
    int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    io[g_row * cols + g_col] *= 2;
}

__global__ void ber_halves(int *a, int cols) {
    int q = (cols - 2) / (int)blockDim.x;
    if (threadIdx.x == 0) {
        a[blockIdx.x] = 1;
        a[q + blockIdx.x] = 2;
    }
}

__global__ void ber_halves_in_block(float *a, int span) {
    a[threadIdx.x] = 0.f;
    a[span + threadIdx.x] = 1.f;
}

void run(unsigned char *io, Params p) {
    int rows, cols;
    read_size(rows, cols);
    std::thread worker([&]() {
        int threads = p.threads;
        dim3 grid((cols - 2) / threads, (rows - 2) / threads);
        dim3 block(threads, threads);
        ber_interior<<<grid, block>>>(io, rows, cols);
    });
    worker.join();
}

void halves(int *a, int cols, int b) {
    ber_halves<<<(cols - 2) / b, b>>>(a, cols);
}

void halves_in_block(float *a, int b) {
    ber_halves_in_block<<<1, b>>>(a, b);
}

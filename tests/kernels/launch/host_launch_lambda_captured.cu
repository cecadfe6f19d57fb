// expect-verdict: race-free
// A launch inside a `[&]` lambda run on another thread, with sizes read
// from the enclosing function's locals (`rows`, `cols`, set by a call that
// takes them by reference before the lambda is made): the grid is
// `(cols - 2) / 16` by `(rows - 2) / 16` blocks of 16 x 16, so
// `gridDim.x = (cols - 2) / 16` keeps the halves of `lc_halves` apart and
// gives every thread of `lc_sharpen` its own interior pixel
// `(g_row, g_col)`, 1 <= g_col <= cols - 2.

#include <thread>

void read_size(int &rows, int &cols);

__global__ void lc_halves(int *a, int rows, int cols) {
    int q = (cols - 2) / (int)blockDim.x;
    if (threadIdx.x == 0 && threadIdx.y == 0 && blockIdx.y == 0) {
        a[blockIdx.x] = 1;
        a[q + blockIdx.x] = 2;
    }
}

__global__ void lc_sharpen(unsigned char *io, int rows, int cols) {
    int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    io[g_row * cols + g_col] *= 2;
}

int main() {
    int rows, cols;
    read_size(rows, cols);
    unsigned char *d_in, *d_out;
    cudaMalloc(&d_in, rows * cols);
    cudaMalloc(&d_out, rows * cols);
    std::thread proxy([&]() {
        for (int frame = 0; frame < 4; frame++) {
            cudaMemcpy(d_in, d_out, rows * cols, cudaMemcpyDeviceToDevice);
            const int threads = 16;
            dim3 grid((cols - 2) / threads, (rows - 2) / threads);
            dim3 block(threads, threads);
            lc_halves<<<grid, block>>>((int *)d_in, rows, cols);
            lc_sharpen<<<grid, block>>>(d_out, rows, cols);
        }
    });
    proxy.join();
    return 0;
}

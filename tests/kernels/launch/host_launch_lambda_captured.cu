// expect-verdict: race-free
// A launch inside a `[&]` lambda run on another thread, with sizes read
// from the enclosing function's locals (`rows`, `cols`, set by a call that
// takes them by reference before the lambda is made) and the block extent
// from a struct field: the grid is `(cols - 2) / threads` by
// `(rows - 2) / threads`, so every thread's interior pixel
// `(g_row, g_col)` with 1 <= g_col <= cols - 2 is its own.

#include <thread>

struct Params {
    int n_gpu_threads;
};

void read_size(int &rows, int &cols);

__global__ void lc_smooth(const unsigned char *in, unsigned char *out, int rows, int cols) {
    int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int pos = g_row * cols + g_col;
    out[pos] = (in[pos - 1] + in[pos] + in[pos + 1]) / 3;
}

__global__ void lc_sharpen(unsigned char *io, int rows, int cols) {
    int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    io[g_row * cols + g_col] *= 2;
}

int main() {
    Params p;
    p.n_gpu_threads = 16;
    int rows, cols;
    read_size(rows, cols);
    unsigned char *d_in, *d_out;
    cudaMalloc(&d_in, rows * cols);
    cudaMalloc(&d_out, rows * cols);
    std::thread proxy([&]() {
        for (int frame = 0; frame < 4; frame++) {
            cudaMemcpy(d_in, d_out, rows * cols, cudaMemcpyDeviceToDevice);
            int threads = p.n_gpu_threads;
            dim3 grid((cols - 2) / threads, (rows - 2) / threads);
            dim3 block(threads, threads);
            lc_smooth<<<grid, block>>>(d_in, d_out, rows, cols);
            lc_sharpen<<<grid, block>>>(d_out, rows, cols);
        }
    });
    proxy.join();
    return 0;
}

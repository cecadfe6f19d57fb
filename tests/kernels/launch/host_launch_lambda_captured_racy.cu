// expect-verdict: racy
// As host_launch_lambda_captured.cu, but the relation between the grid and
// the sizes passed does not hold on every run of the lambda: `cols` is
// written by the enclosing function after the lambda is made (the thread
// may compute the grid before and launch after the write); `cols` is
// written in the loop that makes a detached lambda per frame; an unknown call
// between the grid and the launch may write `cols` through the reference
// `read_size` kept; the grid is rounded up.

#include <thread>

void read_size(int &rows, int &cols);
void refresh();

__global__ void lcr_written_after(unsigned char *io, int rows, int cols) {
    int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    io[g_row * cols + g_col] *= 2; //~ race read-write, race write-write
}

__global__ void lcr_written_in_loop(unsigned char *io, int rows, int cols) {
    int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    io[g_row * cols + g_col] *= 2; //~ race read-write, race write-write
}

__global__ void lcr_call_between(unsigned char *io, int rows, int cols) {
    int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    io[g_row * cols + g_col] *= 2; //~ race read-write, race write-write
}

__global__ void lcr_halves_after(int *a, int rows, int cols) {
    int q = (cols - 2) / (int)blockDim.x;
    if (threadIdx.x == 0 && threadIdx.y == 0 && blockIdx.y == 0) {
        a[blockIdx.x] = 1; //~ race write-write
        a[q + blockIdx.x] = 2; //~ race write-write
    }
}

__global__ void lcr_rounded(unsigned char *io, int rows, int cols) {
    int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    io[g_row * cols + g_col] *= 2; //~ race read-write, race write-write
}

int main() {
    int rows, cols;
    read_size(rows, cols);
    unsigned char *d_io;
    cudaMalloc(&d_io, rows * cols);
    std::thread first([&]() {
        const int threads = 16;
        dim3 grid((cols - 2) / threads, (rows - 2) / threads);
        dim3 block(threads, threads);
        lcr_written_after<<<grid, block>>>(d_io, rows, cols);
        lcr_halves_after<<<grid, block>>>((int *)d_io, rows, cols);
    });
    cols = cols * 2;
    first.join();
    int frames = 4;
    for (int f = 0; f < frames; f++) {
        cols = cols + 1;
        std::thread each([&]() {
            const int threads = 16;
            dim3 grid((cols - 2) / threads, (rows - 2) / threads);
            dim3 block(threads, threads);
            lcr_written_in_loop<<<grid, block>>>(d_io, rows, cols);
        });
        each.detach();
    }
    std::thread third([&]() {
        const int threads = 16;
        dim3 grid((cols - 2) / threads, (rows - 2) / threads);
        dim3 block(threads, threads);
        refresh();
        lcr_call_between<<<grid, block>>>(d_io, rows, cols);
        dim3 up((cols - 2 + threads - 1) / threads, (rows - 2 + threads - 1) / threads);
        lcr_rounded<<<up, block>>>(d_io, rows, cols);
    });
    third.join();
    return 0;
}

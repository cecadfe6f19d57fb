// expect-verdict: race-free
// A launch inside a `[&]` lambda run on another thread, with sizes read
// from the enclosing function's locals (`rows`, `cols`, set by a call that
// takes them by reference before the lambda is made) and the block extent
// from a struct field: the grid is `(cols - 2) / threads` by
// `(rows - 2) / threads`, so `gridDim.x = (cols - 2) / blockDim.x` keeps
// the halves of `lc_halves` apart.

#include <thread>

struct Params {
    int n_gpu_threads;
};

void read_size(int &rows, int &cols);
Params parse(int argc, char **argv);

__global__ void lc_halves(int *a, int rows, int cols) {
    int q = (cols - 2) / (int)blockDim.x;
    if (threadIdx.x == 0 && threadIdx.y == 0 && blockIdx.y == 0) {
        a[blockIdx.x] = 1;
        a[q + blockIdx.x] = 2;
    }
}

int main(int argc, char **argv) {
    Params p = parse(argc, argv);
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
            lc_halves<<<grid, block>>>((int *)d_in, rows, cols);
        }
    });
    proxy.join();
    return 0;
}

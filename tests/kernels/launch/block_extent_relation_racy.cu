// expect-verdict: racy
// As block_extent_relation.cu, but the relations do not give disjoint
// accesses: the grid is rounded up (the last block's columns reach cols -
// 1 and beyond, into the next row); `threads` doubles between the grid and
// the block (blockDim.x = 2 * the value the grid was divided by); the
// block is a different variable than the one the grid divides by; the span
// passed is `b - 1`: the last thread's first write meets thread 0's second.
#include <thread>

void read_size(int &rows, int &cols);

struct Params {
    int threads;
    int other;
};

__global__ void berr_rounded(unsigned char *io, int rows, int cols) {
    int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    io[g_row * cols + g_col] *= 2; //~ race read-write, race write-write
}

__global__ void berr_doubled(int *a, int cols) {
    int q = (cols - 2) / (int)blockDim.x;
    if (threadIdx.x == 0) {
        a[blockIdx.x] = 1; //~ race write-write
        a[q + blockIdx.x] = 2; //~ race write-write
    }
}

__global__ void berr_other(int *a, int cols) {
    int q = (cols - 2) / (int)blockDim.x;
    if (threadIdx.x == 0) {
        a[blockIdx.x] = 1; //~ race write-write
        a[q + blockIdx.x] = 2; //~ race write-write
    }
}

__global__ void berr_halves_in_block(float *a, int span) {
    a[threadIdx.x] = 0.f; //~ race write-write
    a[span + threadIdx.x] = 1.f; //~ race write-write
}

void run(unsigned char *io, Params p) {
    int rows, cols;
    read_size(rows, cols);
    std::thread worker([&]() {
        int threads = p.threads;
        dim3 up((cols - 2 + threads - 1) / threads, (rows - 2 + threads - 1) / threads);
        dim3 block(threads, threads);
        berr_rounded<<<up, block>>>(io, rows, cols);
    });
    worker.join();
}

void doubled(int *a, int cols, int b) {
    dim3 grid((cols - 2) / b);
    b = b * 2;
    dim3 block(b);
    berr_doubled<<<grid, block>>>(a, cols);
}

void other(int *a, int cols, Params p) {
    int t = p.threads;
    int u = p.other;
    berr_other<<<(cols - 2) / t, u>>>(a, cols);
}

void halves_in_block(float *a, int b) {
    berr_halves_in_block<<<1, b>>>(a, b - 1);
}

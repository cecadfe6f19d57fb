// expect-verdict: race-free
// The grid is computed from the block extent, a variable whose value the
// scanner does not know (`t` from the command line): the launch runs
// `n / t` blocks of `t` threads, so `gridDim.x = n / blockDim.x` and the
// second half `a[n / blockDim.x + blockIdx.x]` never meets the first
// `a[blockIdx.x]`. Same for a square `dim3 block(side, side)` with the grid
// `h / side` in y (`gridDim.y = h / blockDim.y`).

#include <stdlib.h>

__global__ void be_halves(int *a, int n) {
    int q = n / (int)blockDim.x;
    if (threadIdx.x == 0) {
        a[blockIdx.x] = 1;
        a[q + blockIdx.x] = 2;
    }
}

__global__ void be_tiles(int *a, int w, int h) {
    int q = h / (int)blockDim.y;
    if (threadIdx.x == 0 && threadIdx.y == 0 && blockIdx.x == 0) {
        a[blockIdx.y] = 1;
        a[q + blockIdx.y] = 2;
    }
}

int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    int t = atoi(argv[2]);
    int *a;
    cudaMalloc(&a, sizeof(int) * n * 8);
    be_halves<<<n / t, t>>>(a, n);
    int w = atoi(argv[3]);
    int h = atoi(argv[4]);
    int side = atoi(argv[5]);
    dim3 block(side, side);
    dim3 grid(w / side, h / side);
    be_tiles<<<grid, block>>>(a, w, h);
    return 0;
}

// expect-verdict: race-free
// The grid is computed from the block extent, a variable whose value the
// scanner does not know (`t` from the command line): `n / t` blocks of `t`
// threads give x < n, so the row-major `y * n + x` is one element per
// thread. The relation reads the extent: `gridDim.x = n / blockDim.x`.

#include <stdlib.h>

__global__ void be_rows(float *a, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = x;
}

__global__ void be_tiles(float *a, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    a[y * w + x] += 1.f;
}

int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    int t = atoi(argv[2]);
    float *a;
    cudaMalloc(&a, sizeof(float) * n * 8);
    be_rows<<<dim3(n / t, 8), t>>>(a, n);
    int w = atoi(argv[3]);
    int h = atoi(argv[4]);
    int side = atoi(argv[5]);
    dim3 block(side, side);
    dim3 grid(w / side, h / side);
    be_tiles<<<grid, block>>>(a, w, h);
    return 0;
}

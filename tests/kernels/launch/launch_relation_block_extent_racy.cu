// expect-verdict: racy
// As launch_relation_block_extent.cu, but: the grid is rounded up
// (`(n + t - 1) / t`), so the last block's first half meets block 0's
// second half; the grid is computed from `t` while the block is `u`;
// `side` changes between the grid and the launch; and row-major kernels
// with the grid rounded up, or computed before `side` is halved, overlap
// rows.

#include <stdlib.h>

__global__ void ber_halves_rounded(int *a, int n) {
    int q = n / (int)blockDim.x;
    if (threadIdx.x == 0) {
        a[blockIdx.x] = 1; //~ race write-write
        a[q + blockIdx.x] = 2; //~ race write-write
    }
}

__global__ void ber_halves_other(int *a, int n) {
    int q = n / (int)blockDim.x;
    if (threadIdx.x == 0) {
        a[blockIdx.x] = 1; //~ race write-write
        a[q + blockIdx.x] = 2; //~ race write-write
    }
}

__global__ void ber_rounded(float *a, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = x; //~ race write-write
}

__global__ void ber_changed(float *a, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    a[y * w + x] += 1.f; //~ race read-write, race write-write
}

int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    int t = atoi(argv[2]);
    int u = atoi(argv[6]);
    int *b;
    cudaMalloc(&b, sizeof(int) * n * 8);
    ber_halves_rounded<<<(n + t - 1) / t, t>>>(b, n);
    ber_halves_other<<<n / t, u>>>(b, n);
    float *a;
    cudaMalloc(&a, sizeof(float) * n * 8);
    ber_rounded<<<dim3((n + t - 1) / t, 8), t>>>(a, n);
    int w = atoi(argv[3]);
    int h = atoi(argv[4]);
    int side = atoi(argv[5]);
    dim3 grid(w / side, h / side);
    side = side / 2;
    dim3 block(side, side);
    ber_changed<<<grid, block>>>(a, w, h);
    return 0;
}

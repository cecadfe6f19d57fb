// expect-verdict(smooth): racy
// expect-verdict(relaxed): racy
// A grid barrier orders the blocks only under a cooperative launch
// (cudaLaunchCooperativeKernel). `smooth` is launched with <<<..>>>: its
// grid.sync() is undefined behaviour and orders nothing between blocks, so
// thread 255 of block 0 reading a[256] races with thread 0 of block 1
// writing it. `relaxed` is launched both ways: the plain launch is reported.
// The cooperative twin is grid_sync_cooperative_launch.cu.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void smooth(float *a, float *b, int n) {
    cg::grid_group grid = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = 2.0f * b[i]; //~ race write-read
    grid.sync(); //~ non-cooperative-launch
    if (i + 1 < n)
        b[i] = a[i + 1]; //~ race read-write
}

__global__ void relaxed(float *a, int n) {
    cg::grid_group grid = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = 0.0f;
    if (i > 0 && i < n)
        v = a[i - 1]; //~ race read-write
    cg::sync(grid); //~ non-cooperative-launch
    if (i < n)
        a[i] = v; //~ race write-read
}

int main() {
    const int n = 1 << 16;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    smooth<<<n / 256, 256>>>(a, b, n);
    void *args[] = {&a, (void *)&n};
    cudaLaunchCooperativeKernel((void *)relaxed, dim3(n / 256), dim3(256), args, 0, 0);
    relaxed<<<n / 256, 256>>>(a, n);
    return 0;
}

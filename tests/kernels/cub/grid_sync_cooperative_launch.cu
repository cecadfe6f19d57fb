// expect-verdict: race-free
// Twin of grid_sync_plain_launch_racy.cu: every launch is cooperative, so
// grid.sync() orders the writes before it with the reads after it across
// blocks (no non-cooperative-launch warning).

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void smooth(float *a, float *b, int n) {
    cg::grid_group grid = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = 2.0f * b[i];
    grid.sync();
    if (i + 1 < n)
        b[i] = a[i + 1];
}

__global__ void relaxed(float *a, int n) {
    cg::grid_group grid = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = 0.0f;
    if (i > 0 && i < n)
        v = a[i - 1];
    cg::sync(grid);
    if (i < n)
        a[i] = v;
}

int main() {
    int n = 1 << 16;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    void *args1[] = {&a, &b, &n};
    cudaLaunchCooperativeKernel((void *)smooth, dim3(n / 256), dim3(256), args1, 0, 0);
    void *args2[] = {&a, &n};
    cudaLaunchCooperativeKernel((void *)relaxed, dim3(n / 256), dim3(256), args2, 0, 0);
    return 0;
}

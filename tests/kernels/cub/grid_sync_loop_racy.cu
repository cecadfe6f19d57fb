// expect-verdict: racy
//--blockDim=256 --gridDim=64
// Twins of grid_sync_loop.cu without a grid barrier: the scan's next
// round's read of a[t - s] meets this round's write of a[t - s] by another
// thread, perhaps of another block; the frontier loop's reset of the flag
// meets other blocks' reads of it for the loop condition.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void scan(float *a, int n) {
    cg::grid_group grid = cg::this_grid();
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned s = 1; s < 64; s *= 2) {
        float v = 0.0f;
        if (t >= s && t < n)
            v = a[t - s]; //~ race read-write
        grid.sync();
        if (t >= s && t < n)
            a[t] += v; //~ race write-read
    }
}

__global__ void until_unchanged(const int *level, int *changed, int n) {
    cg::grid_group grid = cg::this_grid();
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    int iter = 0;
    do {
        if (t == 0)
            *changed = 0; //~ race write-read
        grid.sync();
        if (t < n && level[t] == iter)
            *changed = 1; //~ benign-race
        grid.sync();
        iter++;
    } while (*changed); //~ race read-write
}

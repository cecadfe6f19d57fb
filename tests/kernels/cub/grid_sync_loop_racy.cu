// expect-verdict: racy
//--blockDim=256 --gridDim=64
// Twin of grid_sync_loop.cu's scan without its second grid barrier: the
// next round's read of a[t - s] meets this round's write of a[t - s] by
// another thread, perhaps of another block.

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

// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// Grid barriers inside loops every block runs equally often: a constant
// trip count, a parameter, `gridDim.x`. Every thread of the grid reaches
// the same instance of `grid.sync()` (the loops' counters are the same in
// all blocks); the barriers order the phases of a Hillis-Steele scan over
// the whole grid and a block-by-block sweep.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void relax(float *a, int n, int iters) {
    cg::grid_group grid = cg::this_grid();
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < iters; k++) {
        float v = 0.0f;
        if (t > 0 && t < n)
            v = a[t - 1];
        grid.sync();
        if (t < n)
            a[t] = 0.5f * (a[t] + v);
        grid.sync();
    }
}

__global__ void fixed_rounds(float *a, int n) {
    cg::grid_group grid = cg::this_grid();
    for (int k = 0; k < 8; k++) {
        for (int i = grid.thread_rank(); i < n; i += grid.size())
            a[i] += 1.0f;
        grid.sync();
    }
}

__global__ void scan(float *a, int n) {
    cg::grid_group grid = cg::this_grid();
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned s = 1; s < gridDim.x * blockDim.x; s *= 2) {
        float v = 0.0f;
        if (t >= s && t < n)
            v = a[t - s];
        grid.sync();
        if (t >= s && t < n)
            a[t] += v;
        grid.sync();
    }
}

__global__ void block_by_block(float *a, int n) {
    cg::grid_group grid = cg::this_grid();
    for (unsigned b = 0; b < gridDim.x; b++) {
        // Block b adds the last element of the block before it, which
        // the previous round wrote.
        unsigned i = b * blockDim.x + threadIdx.x;
        if (blockIdx.x == b && b > 0 && i < n)
            a[i] += a[b * blockDim.x - 1];
        grid.sync();
    }
}

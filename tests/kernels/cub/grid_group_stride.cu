// expect-verdict: race-free
//--blockDim=256 --gridDim=80
// A grid-stride loop over `this_grid()`: `thread_rank()` is the thread's
// rank in the grid (block rank times block size plus its rank in the
// block) and `size()` the number of threads of the grid (Programming
// Guide, Cooperative Groups), so each thread owns its own elements; the
// grid barrier orders the first phase before the second's neighbour reads.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void two_phase(float *a, float *b, int n) {
    cg::grid_group grid = cg::this_grid();
    for (int i = grid.thread_rank(); i < n; i += grid.size())
        a[i] = a[i] * 2.0f;
    grid.sync();
    for (int i = grid.thread_rank(); i < n; i += grid.size())
        b[i] = a[(i + 1) % n] - a[i];
}

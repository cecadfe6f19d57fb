// expect-verdict: racy
//--blockDim=256 --gridDim=80
// Twin of grid_group_stride.cu without the grid barrier: a thread reads
// its neighbour's element, which another thread (maybe of another block)
// writes in the first phase.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void two_phase(float *a, float *b, int n) {
    cg::grid_group grid = cg::this_grid();
    for (int i = grid.thread_rank(); i < n; i += grid.size())
        a[i] = a[i] * 2.0f; //~ race write-read
    for (int i = grid.thread_rank(); i < n; i += grid.size())
        b[i] = a[(i + 1) % n] - a[i]; //~ race read-write
}

// The block rank stands for the block: one slot per block, written by
// every thread of it.
__global__ void per_block_slot(int *slots) {
    cg::grid_group grid = cg::this_grid();
    slots[grid.block_rank()] = threadIdx.x; //~ race write-write
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// As inner_loop_barrier_outer_iterations.cu with a grid barrier in the
// inner loop: every thread of the grid reaches each of its instances, so
// the inner loop's tests agree in all threads of the grid, and a thread
// that has left the inner loop for the next outer iteration has passed
// every grid barrier a thread of any block still inside it is about to
// pass. Racy twins: inner_loop_grid_barrier_outer_iterations_racy.cu.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Shared memory, threads of one block.
__global__ void grid_nested_shared(int *out, int n) {
    cg::grid_group grid = cg::this_grid();
    __shared__ int s[64];
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < 4; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k;
            grid.sync();
        }
    }
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// Global memory, threads of any blocks (a rotation over the whole grid).
__global__ void grid_nested_global(int *a, int n) {
    cg::grid_group grid = cg::this_grid();
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned total = gridDim.x * blockDim.x;
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < 4; j++) {
            a[(t + j) % total] = k;
            grid.sync();
        }
    }
}

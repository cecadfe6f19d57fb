// expect-verdict: racy
//--blockDim=64 --gridDim=4
// Twins of inner_loop_grid_barrier_outer_iterations.cu that stay racy.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// The grid barrier is skipped in the inner loop's last pass: the store of
// (k, 3) meets that of (k + 1, 0), between threads of different blocks.
__global__ void grid_nested_skipped(int *a, int n) {
    cg::grid_group grid = cg::this_grid();
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned total = gridDim.x * blockDim.x;
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < 4; j++) {
            a[(t + j) % total] = k; //~ race write-write
            if (j < 3)
                grid.sync();
        }
    }
}

// Only block barriers in the inner loop: threads of different blocks are
// not ordered.
__global__ void grid_nested_block_barrier_only(int *a, int n) {
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned total = gridDim.x * blockDim.x;
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < 4; j++) {
            a[(t + j) % total] = k; //~ race write-write
            __syncthreads();
        }
    }
}

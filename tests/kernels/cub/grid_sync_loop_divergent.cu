// expect-verdict: divergent
//--blockDim=256 --gridDim=64
// Twins of grid_sync_loop.cu whose loops run a different number of times
// in different blocks: the trip count depends on blockIdx, on a value read
// from memory (shared memory is one copy per block; blocks read global
// memory at different times), on a block-wide count, or a block leaves
// the loop early. Threads of some blocks then wait at a grid barrier
// instance others never reach.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void by_block(float *a) {
    cg::grid_group grid = cg::this_grid();
    for (unsigned k = 0; k < blockIdx.x; k++)
        grid.sync(); //~ divergence
}

__global__ void by_shared_value(float *a) {
    cg::grid_group grid = cg::this_grid();
    __shared__ unsigned rounds;
    if (threadIdx.x == 0)
        rounds = blockIdx.x % 3;
    __syncthreads();
    for (unsigned k = 0; k < rounds; k++)
        grid.sync(); //~ divergence
}

__global__ void by_global_value(float *a, const int *limit) {
    cg::grid_group grid = cg::this_grid();
    int n = *limit;
    for (int k = 0; k < n; k++) {
        if (blockIdx.x == 0 && threadIdx.x == 0)
            a[0] = 0.0f;
        grid.sync(); //~ divergence
    }
}

__global__ void by_block_count(float *a) {
    cg::grid_group grid = cg::this_grid();
    int c = __syncthreads_count(threadIdx.x < blockIdx.x);
    for (int k = 0; k < c; k++)
        grid.sync(); //~ divergence
}

__global__ void early_break(float *a) {
    cg::grid_group grid = cg::this_grid();
    for (int k = 0; k < 10; k++) {
        if (k == (int)blockIdx.x)
            break;
        grid.sync(); //~ divergence
    }
}

__global__ void set_in_branch(float *a) {
    cg::grid_group grid = cg::this_grid();
    int n = 4;
    if (blockIdx.x > 2)
        n = 5;
    for (int k = 0; k < n; k++)
        grid.sync(); //~ divergence
}

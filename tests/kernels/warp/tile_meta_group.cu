// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// One row per 32-thread tile: the tile's rank among the block's tiles
// (`meta_group_rank`) and the number of tiles (`meta_group_size`) give each
// tile its own row; lane 0 of each tile writes the row's result after the
// tile's reduction (registers only).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void row_sums(const float *m, float *sums, int rows, int cols) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int row = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
    if (row < rows) {
        float s = 0;
        for (int c = tile.thread_rank(); c < cols; c += tile.size())
            s += m[row * cols + c];
        s = cg::reduce(tile, s, cg::plus<float>());
        if (tile.thread_rank() == 0)
            sums[row] = s;
    }
}

// Tiles of 32 threads are warps: the tile's sync orders the lanes' shared
// memory accesses (like `__syncwarp()`).
__global__ void tile_exchange(int *out) {
    __shared__ int buf[256];
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    buf[threadIdx.x] = threadIdx.x;
    tile.sync();
    int partner = (threadIdx.x / 32) * 32 + (31 - tile.thread_rank());
    out[blockIdx.x * 256 + threadIdx.x] = buf[partner];
}

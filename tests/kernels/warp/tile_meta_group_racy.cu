// expect-verdict: racy
//--blockDim=256 --gridDim=64
// Rows indexed by the tile's rank in its block only (the block index is
// forgotten): tiles of different blocks write the same row.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void row_sums_racy(const float *m, float *sums, int cols) {
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int row = tile.meta_group_rank();
    float s = 0;
    for (int c = tile.thread_rank(); c < cols; c += tile.size())
        s += m[row * cols + c];
    if (tile.thread_rank() == 0)
        sums[row] = s; //~ race write-write
}

// A tile of 16 threads is half a warp: its sync orders only those 16, so
// reading the other half-warp's element races.
__global__ void half_tile_exchange(int *out) {
    __shared__ int buf[256];
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
    buf[threadIdx.x] = threadIdx.x; //~ race write-read
    tile.sync();
    out[blockIdx.x * 256 + threadIdx.x] = buf[threadIdx.x ^ 16]; //~ race read-write
}

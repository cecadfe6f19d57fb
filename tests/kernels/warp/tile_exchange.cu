// expect-verdict(tile16_reduce_all): race-free
// expect-verdict(tile16_reduce_tile_uniform): race-free
// expect-verdict(tile16_reduce_half_tile): divergent
// expect-verdict(tile_of_tile_shfl_half): divergent
// expect-verdict(dynamic_tile_reduce_half): divergent
// expect-verdict(tile_member_shfl_half): divergent
// expect-verdict(tile_member_shfl_all): race-free
// expect-verdict(tile16_sync_half): divergent
//--blockDim=128 --gridDim=4
// Collectives of a tile of a thread block (`cg::reduce`, `tile.shfl_down`,
// `tile.sync()`) need every thread of the tile; a branch on the tile's rank
// among tiles (`meta_group_rank`) is the same in all of them.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void tile16_reduce_all(const int *in, int *out) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int s = cg::reduce(tile, in[blockIdx.x * 128 + threadIdx.x], cg::plus<int>());
    if (tile.thread_rank() == 0) out[blockIdx.x * 8 + tile.meta_group_rank()] = s;
}

__global__ void tile16_reduce_tile_uniform(const int *in, int *out) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int s = 0;
    if (tile.meta_group_rank() % 2 == 0)
        s = cg::reduce(tile, in[blockIdx.x * 128 + threadIdx.x], cg::plus<int>());
    if (tile.thread_rank() == 0) out[blockIdx.x * 8 + tile.meta_group_rank()] = s;
}

__global__ void tile16_reduce_half_tile(const int *in, int *out) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int s = 0;
    if (tile.thread_rank() < 8) {
        s = cg::reduce(tile, in[blockIdx.x * 128 + threadIdx.x], cg::plus<int>()); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = s;
}

__global__ void tile_of_tile_shfl_half(const int *in, int *out) {
    auto warp = cg::tiled_partition<32>(cg::this_thread_block());
    auto quad = cg::tiled_partition<4>(warp);
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (quad.thread_rank() < 2) {
        x = quad.shfl(x, 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void dynamic_tile_reduce_half(const int *in, int *out) {
    cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), 32);
    int s = 0;
    if (tile.thread_rank() < 8) {
        s = cg::reduce(cg::tiled_partition<32>(cg::this_thread_block()), in[blockIdx.x * 128 + threadIdx.x], cg::plus<int>()); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = s;
}

__global__ void tile_member_shfl_half(const int *in, int *out) {
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (tile.thread_rank() < 16) {
        x += tile.shfl_down(x, 8); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void tile_member_shfl_all(const int *in, int *out) {
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int x = in[blockIdx.x * 128 + threadIdx.x];
    for (int o = 16; o > 0; o /= 2) x += tile.shfl_down(x, o);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void tile16_sync_half(const int *in, int *out) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (tile.thread_rank() % 2 == 0) {
        tile.sync(); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

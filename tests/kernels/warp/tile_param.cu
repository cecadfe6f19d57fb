// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// A cooperative-groups tile passed by value to a __device__ function (plain
// and template): the parameter is the caller's tile, so its `sync()` orders
// the tile's own threads, its `thread_rank()` is the rank in that tile and its
// `shfl_down` needs that tile's threads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int tile_sum(cg::thread_block_tile<32> g, int v) {
    for (int o = g.size() / 2; o > 0; o /= 2)
        v += g.shfl_down(v, o);
    return v;
}

template <int N>
__device__ int tile_sum16(cg::thread_block_tile<N> g, int v) {
    for (int o = N / 2; o > 0; o /= 2)
        v += g.shfl_down(v, o);
    return v;
}

template <int N>
__device__ void tile_stage(cg::thread_block_tile<N> g, int *buf, int v) {
    buf[g.thread_rank()] = v;
    g.sync();
    v = buf[(g.thread_rank() + 1) % N];
    g.sync();
    buf[g.thread_rank()] = v;
}

__global__ void sum_and_rotate(const int *in, int *out) {
    __shared__ int s[128];
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    auto tile16 = cg::tiled_partition<16>(block);
    int h = tile_sum16(tile16, threadIdx.x);
    if (tile16.thread_rank() == 0)
        out[2048 + blockIdx.x * 8 + tile16.meta_group_rank()] = h;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int t = tile_sum(warp, x);
    if (warp.thread_rank() == 0)
        out[blockIdx.x * 4 + warp.meta_group_rank()] = t;
    tile_stage<32>(warp, s + 32 * warp.meta_group_rank(), x);
    block.sync();
    out[1024 + blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
}

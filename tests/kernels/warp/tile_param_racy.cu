// expect-verdict(cross_tile): racy
// expect-verdict(half_tile): divergent
// expect-verdict(cross_tile_as_thread_group): racy
//--blockDim=128 --gridDim=8
// Twins of tile_param.cu. cross_tile: the parameter's `sync()` orders only the
// threads of its own tile of 32 (a warp), but the read reaches into the next tile.
// half_tile: a shuffle of the parameter tile run by half of its threads.
// cross_tile_as_thread_group: the same tile passed as a `cg::thread_group`.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <int N>
__device__ int tile_stage(cg::thread_block_tile<N> g, int *buf, int v) {
    buf[threadIdx.x] = v; //~ race
    g.sync();
    return buf[(threadIdx.x + N) % 128]; //~ race
}

__device__ int tile_sum(cg::thread_block_tile<32> g, int v) {
    return v + g.shfl_down(v, 1); //~ divergence
}

__global__ void cross_tile(const int *in, int *out) {
    __shared__ int s[128];
    auto warp = cg::tiled_partition<32>(cg::this_thread_block());
    int y = tile_stage<32>(warp, s, in[blockIdx.x * 128 + threadIdx.x]);
    out[blockIdx.x * 128 + threadIdx.x] = y;
}

__global__ void half_tile(const int *in, int *out) {
    auto warp = cg::tiled_partition<32>(cg::this_thread_block());
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (warp.thread_rank() < 16)
        x = tile_sum(warp, x);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__device__ int group_stage(cg::thread_group g, int *buf, int v) {
    buf[threadIdx.x] = v; //~ race
    g.sync();
    return buf[(threadIdx.x + 32) % 128]; //~ race
}

__global__ void cross_tile_as_thread_group(const int *in, int *out) {
    __shared__ int s[128];
    auto warp = cg::tiled_partition<32>(cg::this_thread_block());
    out[blockIdx.x * 128 + threadIdx.x] = group_stage(warp, s, in[blockIdx.x * 128 + threadIdx.x]);
}

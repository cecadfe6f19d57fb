// expect-verdict(tile_reduce_all_lanes): race-free
// expect-verdict(tile_reduce_some_lanes): divergent
// expect-verdict(tile_scan_lane_trip_count): divergent
//--blockDim=128 --gridDim=4
// cooperative_groups reductions and scans move values through registers
// (no memory), but every thread of the group must take part (lanes that
// have exited do not count, as for `__syncwarp()`).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void tile_reduce_all_lanes(const float *in, float *out) {
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    float s = in[blockIdx.x * 128 + threadIdx.x];
    s = cg::reduce(tile, s, cg::plus<float>());
    if (tile.thread_rank() == 0) {
        out[blockIdx.x * 4 + threadIdx.x / 32] = s;
    }
}

__global__ void tile_reduce_some_lanes(const float *in, float *out) {
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    float s = in[blockIdx.x * 128 + threadIdx.x];
    if (tile.thread_rank() < 16) {
        s = cg::reduce(tile, s, cg::plus<float>()); //~ divergence
    }
    if (tile.thread_rank() == 0) {
        out[blockIdx.x * 4 + threadIdx.x / 32] = s;
    }
}

__global__ void tile_scan_lane_trip_count(const int *in, int *out) {
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = in[blockIdx.x * 128 + threadIdx.x];
    // Lanes 0-15 scan twice, lanes 16-31 once: the second scan is missing
    // half of the tile.
    for (int k = tile.thread_rank(); k < 32; k += 16) {
        v = cg::inclusive_scan(tile, v, cg::plus<int>()); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = v;
}

// expect-verdict(wait_alone): race-free
// expect-verdict(wait_prior_alone): race-free
// expect-verdict(wait_in_branch): divergent
// expect-verdict(tile_wait_other_warp): racy
// expect-verdict(tile_wait_own_warp): race-free
//--blockDim=128 --gridDim=1
// `cooperative_groups::wait(g)` and `wait_prior<N>(g)` end with `g.sync()`:
// after `cg::wait(block)` every thread sees the whole tile, with no
// `block.sync()` written. As a collective, the wait must be reached by all of
// the group's threads. A warp tile's wait orders only its own warp.

#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void wait_alone(const int *in, int *out) {
    __shared__ int tile[128];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, tile, in, sizeof(int) * 128); //~ benign-race
    cg::wait(block);
    out[threadIdx.x] = tile[127 - threadIdx.x];
}

__global__ void wait_prior_alone(int *out) {
    __shared__ int flag[128];
    cg::thread_block block = cg::this_thread_block();
    flag[threadIdx.x] = threadIdx.x;
    cg::wait_prior<1>(block);
    out[threadIdx.x] = flag[127 - threadIdx.x];
}

__global__ void wait_in_branch(const int *in, int *out) {
    __shared__ int tile[128];
    cg::thread_block block = cg::this_thread_block();
    if (threadIdx.x < 64) {
        cg::wait(block); //~ divergence
    }
    out[threadIdx.x] = in[threadIdx.x];
}

__global__ void tile_wait_other_warp(int *out) {
    __shared__ int s[128];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    s[threadIdx.x] = threadIdx.x; //~ race write-read
    cg::wait(warp);
    out[threadIdx.x] = s[(threadIdx.x + 32) % 128];
}

__global__ void tile_wait_own_warp(int *out) {
    __shared__ int s[128];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    s[threadIdx.x] = threadIdx.x;
    cg::wait(warp);
    out[threadIdx.x] = s[threadIdx.x ^ 31];
}

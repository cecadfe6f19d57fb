// expect-verdict(cg_wait): race-free
// expect-verdict(cg_no_wait): racy
//--blockDim=64 --gridDim=1
// cooperative_groups::memcpy_async copies a tile collectively; cg::wait(block)
// completes it (and synchronizes the block). Without the wait a barrier does
// not cover the copy. Threads copy the tile together: copies of one element by
// two threads store the same value (benign, like OpenCL's async_work_group_copy).

#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void cg_wait(const int *in, int *out) {
    __shared__ int tile[64];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, tile, in, sizeof(int) * 64); //~ benign-race
    cg::wait(block);
    block.sync();
    out[threadIdx.x] = tile[63 - threadIdx.x];
}

__global__ void cg_no_wait(const int *in, int *out) {
    __shared__ int tile[64];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, tile, in, sizeof(int) * 64); //~ benign-race
    block.sync();
    out[threadIdx.x] = tile[63 - threadIdx.x]; //~ async-copy
}

// expect-verdict(group_copy_waited): race-free
// expect-verdict(group_copy_syncthreads_only): racy
// expect-verdict(layout_copy_waited): race-free
// expect-verdict(layout_copy_syncthreads_only): racy
//--blockDim=64 --gridDim=1
// libcu++'s group form `cuda::memcpy_async(group, dst, src, size, bar)`:
// the block's threads copy the tile together, and the copy completes with
// the phase of `bar` current at its issue, which `arrive_and_wait` waits
// for. Twin: `__syncthreads()` alone does not wait for the copy. The same
// with cooperative_groups' layout form `memcpy_async(group, dst, dst_size,
// src, src_size)`, which `cg::wait(group)` completes (then `block.sync()`
// publishes it, as in cg_memcpy_async.cu).
#include <cuda/barrier>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void group_copy_waited(const float *in, float *out) {
    __shared__ float s[64];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) {
        init(&bar, block.size());
    }
    block.sync();
    cuda::memcpy_async(block, s, in, sizeof(s), bar); //~ benign-race
    bar.arrive_and_wait();
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void group_copy_syncthreads_only(const float *in, float *out) {
    __shared__ float s[64];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) {
        init(&bar, block.size());
    }
    block.sync();
    cuda::memcpy_async(block, s, in, sizeof(s), bar); //~ benign-race, async-copy
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x]; //~ async-copy
}

__global__ void layout_copy_waited(const float *in, float *out) {
    __shared__ float s[64];
    auto block = cg::this_thread_block();
    cg::memcpy_async(block, s, sizeof(float) * 64, in, sizeof(float) * 64); //~ benign-race
    cg::wait(block);
    block.sync();
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void layout_copy_syncthreads_only(const float *in, float *out) {
    __shared__ float s[64];
    auto block = cg::this_thread_block();
    cg::memcpy_async(block, s, sizeof(float) * 64, in, sizeof(float) * 64); //~ benign-race, async-copy
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x]; //~ async-copy
    cg::wait(block);
}

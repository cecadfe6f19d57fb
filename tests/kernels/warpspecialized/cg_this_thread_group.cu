// expect-verdict(own_copy_waited): race-free
// expect-verdict(own_copy_then_block_sync): race-free
// expect-verdict(neighbour_copy_racy): racy
// expect-verdict(own_copy_unwaited_racy): racy
// expect-verdict(rank_and_size): race-free
// expect-verdict(rank_neighbour_racy): racy
// expect-verdict(meta_group_loop_racy): racy
//--blockDim=64 --gridDim=8
// `cooperative_groups::this_thread()` is the group of the calling thread
// alone: its collective copy is the thread's own copy, its `wait` waits
// for that copy only and its `sync` orders no other thread; `thread_rank()`
// is 0 and `size()` is 1. (Taken for unknown code, the copy's group was
// read as the destination, which lost the copy's writes: missed races.)

#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void own_copy_waited(float *out, const float *in) {
    __shared__ float s[64];
    auto me = cg::this_thread();
    cg::memcpy_async(me, s + threadIdx.x, in + blockIdx.x * 64 + threadIdx.x, sizeof(float));
    cg::wait(me);
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

__global__ void own_copy_then_block_sync(float *out, const float *in) {
    __shared__ float s[64];
    auto me = cg::this_thread();
    cg::memcpy_async(me, s + threadIdx.x, in + blockIdx.x * 64 + threadIdx.x, sizeof(float));
    cg::wait(me);
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void neighbour_copy_racy(float *out, const float *in) {
    __shared__ float s[64];
    auto me = cg::this_thread();
    cg::memcpy_async(me, s + threadIdx.x, in + blockIdx.x * 64 + threadIdx.x, sizeof(float)); //~ async-copy
    cg::wait(me);
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

__global__ void own_copy_unwaited_racy(float *out, const float *in) {
    __shared__ float s[64];
    cg::memcpy_async(cg::this_thread(), s + threadIdx.x, in + blockIdx.x * 64 + threadIdx.x, sizeof(float));
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x]; //~ async-copy
}

__global__ void rank_and_size(float *out) {
    __shared__ float s[64];
    auto me = cg::this_thread();
    s[threadIdx.x + me.thread_rank()] = 1.0f;
    me.sync();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x + me.size() - 1];
}

__global__ void rank_neighbour_racy(float *out) {
    __shared__ float s[65];
    auto me = cg::this_thread();
    s[threadIdx.x + me.thread_rank()] = 1.0f; //~ race write-read
    me.sync();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x + me.size()];
}

// `this_thread()`'s meta group is the thread alone (rank 0 of 1): every
// thread writes every element.
__global__ void meta_group_loop_racy(float *out) {
    __shared__ float s[64];
    auto me = cg::this_thread();
    for (unsigned i = me.meta_group_rank(); i < 64; i += me.meta_group_size())
        s[i] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// expect-verdict(ballot_count_bound): race-free
// expect-verdict(lane0_bound): race-free
// expect-verdict(reduce_bound): race-free
// expect-verdict(work_queue_per_warp): race-free
// expect-verdict(tile32_bounds): race-free
// expect-verdict(xor_source_bound): divergent
// expect-verdict(lane_source_bound): divergent
// expect-verdict(width16_bound): divergent
// expect-verdict(match_any_bound): divergent
// expect-verdict(broadcast_in_branch_bound): divergent
// expect-verdict(broadcast_after_return_bound): divergent
// expect-verdict(tile16_reduce_bound): divergent
// expect-verdict(broadcast_bound_block_barrier): divergent
//--blockDim=128 --gridDim=4
// A vote, a warp reduction and a shuffle from one source lane (full mask,
// all lanes calling) return the same value to every lane of the warp: a
// loop bounded by it runs as often in all of them, so a warp exchange in it
// is reached by the whole warp. A source lane that depends on the lane, a
// narrower shuffle width, a call only some lanes make, a source lane that may
// have exited or a tile smaller than the warp give no such value; nor is it
// one value for the block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int next_item;

__global__ void ballot_count_bound(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    unsigned b = __ballot_sync(0xffffffff, x > 0);
    for (int i = 0; i < __popc(b); i++)
        x += __shfl_down_sync(0xffffffff, x, 1);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void lane0_bound(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int n = __shfl_sync(0xffffffff, x, 0);
    for (int i = 0; i < n; i++)
        x += __shfl_xor_sync(0xffffffff, x, 1);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void reduce_bound(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int n = __reduce_max_sync(0xffffffff, x);
    while (n > 0) {
        x += __shfl_xor_sync(0xffffffff, x, 2);
        n = n - 1;
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

// Each warp takes items from a queue: lane 0 draws, the warp shares it.
__global__ void work_queue_per_warp(const int *items, int *out, int total) {
    int lane = threadIdx.x % 32;
    int idx;
    if (lane == 0)
        idx = atomicAdd(&next_item, 1);
    idx = __shfl_sync(0xffffffff, idx, 0);
    int acc = 0;
    while (idx < total) {
        int v = items[idx];
        for (int i = lane; i < v; i += 32)
            acc += items[i];
        if (lane == 0)
            idx = atomicAdd(&next_item, 1);
        idx = __shfl_sync(0xffffffff, idx, 0);
    }
    out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void tile32_bounds(const int *in, int *out) {
    cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int n = t.shfl(x, 0);
    for (int i = 0; i < n; i++)
        x += t.shfl_xor(x, 1);
    int m = cg::reduce(t, x, cg::plus<int>());
    for (int i = 0; i < m; i++)
        x += t.shfl_down(x, 1);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void xor_source_bound(const int *in, int *out) {
    int lane = threadIdx.x % 32;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int n = __shfl_sync(0xffffffff, x, lane ^ 1);
    for (int i = 0; i < n; i++)
        x += __shfl_xor_sync(0xffffffff, x, 1); //~ divergence
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void lane_source_bound(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int n = __shfl_sync(0xffffffff, x, threadIdx.x);
    for (int i = 0; i < n; i++)
        x += __shfl_xor_sync(0xffffffff, x, 1); //~ divergence
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void width16_bound(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int n = __shfl_sync(0xffffffff, x, 0, 16);
    for (int i = 0; i < n; i++)
        x += __shfl_xor_sync(0xffffffff, x, 1); //~ divergence
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void match_any_bound(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    unsigned m = __match_any_sync(0xffffffff, x);
    for (int i = 0; i < __popc(m); i++)
        x += __shfl_xor_sync(0xffffffff, x, 1); //~ divergence
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void broadcast_in_branch_bound(const int *in, int *out) {
    int lane = threadIdx.x % 32;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int n = x;
    if (lane < 8)
        n = __shfl_sync(0xff, x, 0);
    for (int i = 0; i < n; i++)
        x += __shfl_xor_sync(0xffffffff, x, 1); //~ divergence
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

// Lane 0 may have returned: the shuffle reading it is undefined.
__global__ void broadcast_after_return_bound(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (x < -100)
        return;
    int n = __shfl_sync(0xffffffff, x, 0);
    for (int i = 0; i < n; i++)
        x += __shfl_xor_sync(0xffffffff, x, 1); //~ divergence
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void tile16_reduce_bound(const int *in, int *out) {
    cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int n = cg::reduce(t, x, cg::plus<int>());
    for (int i = 0; i < n; i++)
        x += __shfl_xor_sync(0xffffffff, x, 1); //~ divergence
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

// One value per warp, not per block.
__global__ void broadcast_bound_block_barrier(const int *in, int *out) {
    __shared__ int s[128];
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int n = __shfl_sync(0xffffffff, x, 0);
    for (int i = 0; i < n; i++) {
        s[threadIdx.x] = i;
        __syncthreads(); //~ divergence
        x += s[127 - threadIdx.x];
        __syncthreads(); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

// expect-verdict(block_sync): race-free
// expect-verdict(one_thread_sync): racy
// expect-verdict(warp_tile_sync): racy
// expect-verdict(user_block_sync): racy
//--blockDim=64 --gridDim=2
// The program defines functions named like cooperative groups' in a
// namespace of its own. `cg::X()` through the alias is the library's (C++
// qualified lookup finds only members of `cooperative_groups`), modelled as
// such; `util::X()` is the program's, lowered as its code.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

namespace util {
struct group {
    __device__ void sync() {}
};
__device__ group this_thread_block() { return group(); }
__device__ cg::thread_block this_thread() { return cg::this_thread_block(); }
template <unsigned N>
__device__ cg::thread_block tiled_partition(cg::thread_block b) { return b; }
}

__global__ void block_sync(int *out) {
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    cg::this_thread_block().sync();
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

// The one-thread group's sync orders nothing.
__global__ void one_thread_sync(int *out) {
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x; //~ race write-read
    cg::this_thread().sync();
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64]; //~ race read-write
}

// A 32-thread tile's sync orders one warp: the exchange across warps races.
__global__ void warp_tile_sync(int *out) {
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x; //~ race write-read
    auto t = cg::tiled_partition<32>(cg::this_thread_block());
    t.sync();
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 32) % 64]; //~ race read-write
}

// The program's own `this_thread_block()`, whose `sync()` does nothing.
__global__ void user_block_sync(int *out) {
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x; //~ race write-read
    util::this_thread_block().sync();
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64]; //~ race read-write
}

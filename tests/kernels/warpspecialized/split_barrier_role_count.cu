// expect-verdict(count_of_every_role): race-free
// expect-verdict(count_of_consumers_only): divergent
//--blockDim=128 --gridDim=1
// A cuda::barrier between roles: warp 0 produces a tile and arrives without
// waiting, warps 1-3 arrive and wait, then read the tile. Every role
// arrives, so the expected count is the whole block. Counting only the
// consumer warps (96) lets any 96 arrivals complete the phase: consumers
// may pass before the producers arrived and read the tile while it is
// written. The quick fix sets the count to the 128 threads that arrive.

#include <cuda/barrier>

__global__ void count_of_every_role(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float tile[32];
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    if (warp == 0) {
        tile[lane] = in[lane];
        auto token = bar.arrive();
    } else {
        bar.arrive_and_wait();
        out[threadIdx.x] = tile[31 - lane] * warp;
    }
}

__global__ void count_of_consumers_only(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float tile[32];
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    if (threadIdx.x == 0) {
        init(&bar, (blockDim.x / 32 - 1) * 32);
    }
    __syncthreads();
    if (warp == 0) {
        tile[lane] = in[lane]; //~ race write-read
        auto token = bar.arrive(); //~ barrier-deadlock
    } else {
        bar.arrive_and_wait();
        out[threadIdx.x] = tile[31 - lane] * warp; //~ race read-write
    }
}

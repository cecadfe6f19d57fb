// expect-verdict(drop_after_first_phase): race-free
// expect-verdict(drop_then_full_count): divergent
//--blockDim=64 --gridDim=1
// Warp 1 contributes one tile and leaves the barrier with arrive_and_drop();
// later phases expect warp 0 only. A named barrier has no drop: warp 1 arriving
// once while warp 0 syncs twice with the whole block's count deadlocks (and its
// barriers then order nothing, hence the race).

#include <cuda/barrier>

__global__ void drop_after_first_phase(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = threadIdx.x;
    if (threadIdx.x >= 32) {
        bar.arrive_and_drop();
    } else {
        bar.arrive_and_wait();
        float v = s[63 - threadIdx.x];
        bar.arrive_and_wait();
        out[threadIdx.x] = v;
    }
}

__global__ void drop_then_full_count(float *out) {
    __shared__ float s[64];
    s[threadIdx.x] = threadIdx.x;
    if (threadIdx.x >= 32) {
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        float v = s[63 - threadIdx.x]; //~ race read-write
        asm volatile("bar.sync 1, 64;" ::: "memory"); //~ barrier-deadlock
        out[threadIdx.x] = v;
    }
}

// expect-verdict(split_token): race-free
// expect-verdict(stale_token): racy
//--blockDim=128 --gridDim=1
// cuda::barrier split phase: every thread arrives after its store and waits
// with the token of that arrival before reading another thread's element.
// In `stale_token` the second phase waits with the first phase's token, which
// is already complete: the second store is not ordered before the read.

#include <cuda/barrier>

__global__ void split_token(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[128];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = threadIdx.x;
    auto token = bar.arrive();
    float mine = threadIdx.x * 2.0f;
    bar.wait(std::move(token));
    out[threadIdx.x] = s[127 - threadIdx.x] + mine;
}

__global__ void stale_token(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[128];
    __shared__ float t[128];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = threadIdx.x;
    auto first = bar.arrive();
    bar.wait(std::move(first));
    t[threadIdx.x] = s[127 - threadIdx.x]; //~ race write-read
    auto second = bar.arrive();
    bar.wait(std::move(first));
    out[threadIdx.x] = t[127 - threadIdx.x]; //~ race read-write
}

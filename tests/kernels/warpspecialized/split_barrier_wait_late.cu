// expect-verdict(wait_before_read): race-free
// expect-verdict(wait_after_read): racy
//--blockDim=128 --gridDim=1
// cuda::barrier split phase: each thread stores its element, arrives, does
// work of its own, then waits for the phase before reading another
// thread's element. In `wait_after_read` the wait is written after the read
// it should order, so the read races with the other thread's store (the
// quick fix moves the wait before the read, where the token is already
// defined).

#include <cuda/barrier>

__global__ void wait_before_read(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[128];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    auto token = bar.arrive();
    float mine = in[128 + threadIdx.x] * 2.0f;
    bar.wait(std::move(token));
    out[threadIdx.x] = s[127 - threadIdx.x] + mine;
}

__global__ void wait_after_read(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[128];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x]; //~ race write-read
    auto token = bar.arrive();
    float mine = in[128 + threadIdx.x] * 2.0f;
    out[threadIdx.x] = s[127 - threadIdx.x] + mine; //~ race read-write
    bar.wait(std::move(token));
}

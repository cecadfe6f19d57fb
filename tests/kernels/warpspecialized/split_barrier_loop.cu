// expect-verdict(phases): race-free
// expect-verdict(phases_missing): racy
// expect-verdict(split_token): race-free
// expect-verdict(split_token_early): racy
//--blockDim=64 --gridDim=1
// cuda::barrier phases in a k-loop. Every thread arrives twice per
// iteration, so the phase of an operation is 2k (+1): the store of iteration
// k is ordered before the read of iteration k by the first phase, and the read
// before the store of iteration k + 1 by the second. Without the second
// `arrive_and_wait` the next store races with the read; with a split
// arrive/wait the read must come after `wait(token)`, not before.
#include <cuda/barrier>

__global__ void phases(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 4; k++) {
        s[threadIdx.x] = in[k * 64 + threadIdx.x];
        bar.arrive_and_wait();
        acc += s[63 - threadIdx.x];
        bar.arrive_and_wait();
    }
    out[threadIdx.x] = acc;
}

__global__ void phases_missing(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 4; k++) {
        s[threadIdx.x] = in[k * 64 + threadIdx.x]; //~ race write-read
        bar.arrive_and_wait();
        acc += s[63 - threadIdx.x]; //~ race read-write
    }
    out[threadIdx.x] = acc;
}

__global__ void split_token(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 4; k++) {
        s[threadIdx.x] = in[k * 64 + threadIdx.x];
        auto token = bar.arrive();
        float other = in[256 + k];
        bar.wait(std::move(token));
        acc += s[63 - threadIdx.x] * other;
        bar.arrive_and_wait();
    }
    out[threadIdx.x] = acc;
}

__global__ void split_token_early(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 4; k++) {
        s[threadIdx.x] = in[k * 64 + threadIdx.x]; //~ race write-read
        auto token = bar.arrive();
        acc += s[63 - threadIdx.x]; //~ race read-write
        bar.wait(std::move(token));
        bar.arrive_and_wait();
    }
    out[threadIdx.x] = acc;
}

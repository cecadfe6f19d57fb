// expect-verdict(mbarrier_split_phase): race-free
// expect-verdict(mbarrier_read_before_wait): racy
// expect-verdict(mbarrier_half_count): divergent
//--blockDim=64 --gridDim=1
// The mbarrier wrappers of cuda_awbarrier_primitives.h: `__mbarrier_arrive`
// returns the phase's state, and a spin loop on `__mbarrier_try_wait` /
// `__mbarrier_test_wait` with that state waits for the phase, like
// cuda::barrier's arrive/wait. Twins: a read of another thread's element
// before the wait; a barrier initialised for half of the threads that arrive.

#include <cuda_awbarrier_primitives.h>

__global__ void mbarrier_split_phase(const float *in, float *out) {
    __shared__ __mbarrier_t bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        __mbarrier_init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    __mbarrier_token_t token = __mbarrier_arrive(&bar);
    float mine = in[64 + threadIdx.x];
    while (!__mbarrier_try_wait(&bar, token, 1000)) {
    }
    out[threadIdx.x] = s[63 - threadIdx.x] + mine;
}

__global__ void mbarrier_read_before_wait(const float *in, float *out) {
    __shared__ __mbarrier_t bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        __mbarrier_init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x]; //~ race write-read
    __mbarrier_token_t token = __mbarrier_arrive(&bar);
    out[threadIdx.x] = s[63 - threadIdx.x];
    while (!__mbarrier_test_wait(&bar, token));
}

__global__ void mbarrier_half_count(const float *in, float *out) {
    __shared__ __mbarrier_t bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        __mbarrier_init(&bar, 32);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x]; //~ race write-read
    __mbarrier_token_t token = __mbarrier_arrive(&bar); //~ barrier-deadlock
    while (!__mbarrier_try_wait(&bar, token, 1000));
    out[threadIdx.x] = s[63 - threadIdx.x];
}

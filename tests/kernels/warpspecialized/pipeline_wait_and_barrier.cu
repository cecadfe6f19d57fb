// expect-verdict(wait_then_barrier): race-free
// expect-verdict(neither_wait_nor_barrier): racy
//--blockDim=64 --gridDim=1
// A thread reads an element another thread stored and the element its own
// asynchronous copy fetches. It needs both a wait (a barrier does not complete
// a copy) and a barrier (a wait does not order another thread's store); `fix`
// repairs the racy twin with both, the wait first.

#include <cuda_pipeline.h>

__global__ void wait_then_barrier(const float *in, float *out) {
    __shared__ float buf[64];
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __pipeline_memcpy_async(&buf[t], &in[64 + t], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    float other = s[63 - t];
    out[t] = other + buf[t];
}

__global__ void neither_wait_nor_barrier(const float *in, float *out) {
    __shared__ float buf[64];
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __pipeline_memcpy_async(&buf[t], &in[64 + t], sizeof(float));
    __pipeline_commit();
    float other = s[63 - t]; //~ race read-write
    out[t] = other + buf[t]; //~ async-copy
    __pipeline_wait_prior(0);
}

// expect-verdict(wait_then_read_own): race-free
// expect-verdict(read_own_before_wait): racy
// expect-verdict(overwrite_source_before_wait): racy
//--blockDim=64 --gridDim=1
// Each thread streams its own element through shared memory: no other thread
// touches it, so only the thread's own copy can race with it. The copy issued
// at the end of iteration k is still in flight at the top of iteration k + 1
// until the wait: reading the element before the wait (or writing the
// copy's source) meets the copy of the previous iteration.

#include <cuda_pipeline.h>

__global__ void wait_then_read_own(const float *in, float *out, int tiles) {
    __shared__ float buf[64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        __pipeline_wait_prior(0);
        acc += buf[threadIdx.x];
        __pipeline_memcpy_async(&buf[threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
    }
    out[threadIdx.x] = acc;
}

__global__ void read_own_before_wait(const float *in, float *out, int tiles) {
    __shared__ float buf[64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    for (int k = 0; k < tiles; ++k) {
        acc += buf[threadIdx.x]; //~ async-copy
        __pipeline_wait_prior(0);
        __pipeline_memcpy_async(&buf[threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
    }
    out[threadIdx.x] = acc;
}

__global__ void overwrite_source_before_wait(float *in, float *out, int tiles) {
    __shared__ float buf[64];
    float acc = 0.0f;
    for (int k = 0; k < tiles; ++k) {
        in[threadIdx.x] = k; //~ async-copy
        __pipeline_wait_prior(0);
        acc += buf[threadIdx.x];
        __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
        __pipeline_commit();
    }
    out[threadIdx.x] = acc;
}

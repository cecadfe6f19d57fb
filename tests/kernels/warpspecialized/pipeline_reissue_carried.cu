// expect-verdict(reissue_without_wait): inconclusive
// expect-verdict(reissue_before_wait): racy
// expect-verdict(wait_before_reissue): race-free
// expect-verdict(reissue_other_parity): race-free
//--blockDim=64 --gridDim=1
// A thread's own copies into one shared element, one per iteration: the copy
// of iteration k must be complete before the thread issues the copy of
// iteration k + 1 to the same bytes (two copies in flight to the same bytes
// land in either order). No wait in the body, or `wait_prior(1)` placed after
// the next issue (it completes the previous copy too late), races; waiting
// with `wait_prior(0)` before reissuing, or alternating two slots by the
// parity of the counter (the copy still in flight is the other slot's), does
// not. Every thread touches only its own element: only the thread's own
// copies can race. With no wait in the body the copy in flight may be that of
// any earlier iteration, with operands the loop abstraction forgets: that
// pair is inconclusive (never race-free).

#include <cuda_pipeline.h>

__global__ void reissue_without_wait(const float *in, float *out, int tiles) {
    __shared__ float buf[64];
    for (int k = 0; k < tiles; ++k) {
        __pipeline_memcpy_async(&buf[threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
    }
    __pipeline_wait_prior(0);
    out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void reissue_before_wait(const float *in, float *out, int tiles) {
    __shared__ float buf[64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        __pipeline_memcpy_async(&buf[threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], sizeof(float)); //~ async-copy
        __pipeline_commit();
        __pipeline_wait_prior(1);
        acc += buf[threadIdx.x]; //~ async-copy
    }
    __pipeline_wait_prior(0);
    out[threadIdx.x] = acc;
}

__global__ void wait_before_reissue(const float *in, float *out, int tiles) {
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
    __pipeline_wait_prior(0);
    out[threadIdx.x] = acc;
}

__global__ void reissue_other_parity(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    for (int k = 0; k < tiles; ++k) {
        __pipeline_memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        acc += buf[k % 2][threadIdx.x];
    }
    __pipeline_wait_prior(0);
    out[threadIdx.x] = acc;
}

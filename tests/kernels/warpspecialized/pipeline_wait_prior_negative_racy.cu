// expect-verdict: racy
//--blockDim=256 --gridDim=8
// The wait count is a constant expression whose value is negative: converted
// to the parameter's `size_t` it waits for nothing that is known, so the
// copy may still be in flight when the thread reads it.
#include <cuda_pipeline.h>
#define STAGES 1
#define THREADS 256

__global__ void wait_negative(const float *in, float *out) {
    __shared__ float buf[THREADS];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(STAGES - 2);
    out[blockIdx.x * THREADS + threadIdx.x] = buf[threadIdx.x]; //~ async-copy
}

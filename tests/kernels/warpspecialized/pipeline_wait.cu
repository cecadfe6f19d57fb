// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// Each thread copies one element into shared memory asynchronously, waits for
// its copy, and the block synchronizes before reading other threads' elements.

#include <cuda_pipeline.h>

__global__ void pipeline_wait(const float *in, float *out) {
    __shared__ float buf[128];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = buf[127 - threadIdx.x];
}

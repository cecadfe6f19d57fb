// expect-verdict: racy
//--blockDim=128 --gridDim=1
// Buggy twin of pipeline_wait.cu: without `__pipeline_wait_prior(0)` the
// barrier does not cover the copy, which may land after it, while another
// thread reads the element.

#include <cuda_pipeline.h>

__global__ void pipeline_missing_wait(const float *in, float *out) {
    __shared__ float buf[128];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __syncthreads();
    out[threadIdx.x] = buf[127 - threadIdx.x]; //~ async-copy read-write
}

// expect-verdict: racy
//--blockDim=256 --gridDim=8
// As pipeline_wait_prior_constant_expr.cu, but the thread reads the second
// stage after `__pipeline_wait_prior(STAGES - 1)`: that group (the most
// recent) may still be in flight.
#include <cuda_pipeline.h>
#define STAGES 2
#define THREADS 256

__global__ void second_stage_early(const float *in, float *out) {
    __shared__ float buf[STAGES][THREADS];
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[THREADS + threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(STAGES - 1);
    out[blockIdx.x * THREADS + threadIdx.x] = buf[1][threadIdx.x]; //~ async-copy
}

// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// Two pipeline stages, each one group; the wait counts are constant
// expressions: `S - 1` in a device function template called with S =
// STAGES = 2 completes all but the most recent group (the first stage), and
// `kStages - 2` completes both.
#include <cuda_pipeline.h>
#define STAGES 2
#define THREADS 256

constexpr int kStages = STAGES;

template <int S>
__device__ void wait_all_but_last() {
    __pipeline_wait_prior(S - 1);
}

__global__ void first_stage(const float *in, float *out) {
    __shared__ float buf[STAGES][THREADS];
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[THREADS + threadIdx.x], sizeof(float));
    __pipeline_commit();
    wait_all_but_last<STAGES>();
    out[blockIdx.x * THREADS + threadIdx.x] = buf[0][threadIdx.x];
    __pipeline_wait_prior(kStages - 2);
    out[(gridDim.x + blockIdx.x) * THREADS + threadIdx.x] = buf[1][threadIdx.x];
}

// Each thread copies one element into a shared tile asynchronously, waits for
// its copy and reads its neighbour's element. The commit and the wait are no
// statements of the checked kernel, so the point between the copy and the
// read stands for three places in the text: the barrier must be written after
// the wait (before it the copy may still be running, and the barrier orders
// nothing).
#include <cuda_pipeline.h>

__global__ void shift(const float *in, float *out) {
    __shared__ float tile[8];
    __pipeline_memcpy_async(&tile[threadIdx.x], &in[blockIdx.x * 8 + threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    out[blockIdx.x * 8 + threadIdx.x] = tile[(threadIdx.x + 1) % 8];
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twin of own_copy_other_slot.cu: the thread reads slot 1, the one its own
// copy may still be writing, before the wait.

#include <cuda_pipeline.h>

__global__ void own_copy_same_slot(const float *in, float *out) {
    __shared__ float buf[3][64];
    buf[0][threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float));
    __pipeline_commit();
    float acc = buf[0][threadIdx.x] + buf[1][threadIdx.x]; //~ async-copy read-write
    __pipeline_wait_prior(0);
    out[threadIdx.x] = acc;
}

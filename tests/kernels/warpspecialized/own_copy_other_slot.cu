// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// While its copy into slot 1 is in flight, each thread reads its own element
// of slot 0 and its neighbour's of slot 2: bytes at least one slot away from
// the copy's in every evaluation, so the thread does not race with its own
// copy (decided without the solver); slot 1 is read after the wait.

#include <cuda_pipeline.h>

__global__ void own_copy_other_slot(const float *in, float *out) {
    __shared__ float buf[3][64];
    buf[0][threadIdx.x] = in[threadIdx.x];
    buf[2][threadIdx.x] = in[128 + threadIdx.x];
    __syncthreads();
    __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float));
    __pipeline_commit();
    float acc = buf[0][threadIdx.x] + buf[2][(threadIdx.x + 1) % 64];
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = acc + buf[1][63 - threadIdx.x];
}

// expect-verdict(own_element_waited): race-free
// expect-verdict(own_element_early): racy
//--blockDim=64 --gridDim=1
// A thread reads back the element its own asynchronous copy fetches. With the
// wait first it is fine; reading before the wait races with the copy (no
// other thread is involved, so no barrier could help).

#include <cuda_pipeline.h>

__global__ void own_element_waited(const int *in, int *out) {
    __shared__ int buf[64];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(int));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    out[threadIdx.x] = buf[threadIdx.x] * 2;
}

__global__ void own_element_early(const int *in, int *out) {
    __shared__ int buf[64];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(int));
    __pipeline_commit();
    out[threadIdx.x] = buf[threadIdx.x] * 2; //~ async-copy
    __pipeline_wait_prior(0);
}

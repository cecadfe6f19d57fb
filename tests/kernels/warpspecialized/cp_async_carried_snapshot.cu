// expect-verdict(wait_before_other_buffer): race-free
// expect-verdict(read_other_buffer_in_flight): racy
//--blockDim=64 --gridDim=1
// A copy carried into the next iteration lands there with the offsets of the
// iteration that issued it. Here tile k - 1 (buffer (k + 1) % 2) is still in
// flight after the barrier of iteration k, until `wait_prior(1)`: reading it
// before the wait races with the copy, though this iteration's copy (issued
// before the barrier) targets the other buffer.

#include <cuda_pipeline.h>

__global__ void wait_before_other_buffer(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    for (int k = 0; k < tiles; ++k) {
        __pipeline_memcpy_async(&buf[k % 2][threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        acc += buf[(k + 1) % 2][63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void read_other_buffer_in_flight(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    for (int k = 0; k < tiles; ++k) {
        __pipeline_memcpy_async(&buf[k % 2][threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(float)); //~ async-copy write-read
        __pipeline_commit();
        __syncthreads();
        acc += buf[(k + 1) % 2][63 - threadIdx.x]; //~ async-copy read-write
        __pipeline_wait_prior(1);
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

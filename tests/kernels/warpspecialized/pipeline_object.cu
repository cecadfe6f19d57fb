// expect-verdict(two_stage_pipeline): race-free
// expect-verdict(consumer_skips_wait): racy
//--blockDim=64 --gridDim=1
// A two-stage cuda::pipeline: each stage is committed by producer_commit and
// consumer_wait completes the oldest stage. Reading the second stage after
// waiting for the first only races with its copy.

#include <cuda/pipeline>

__global__ void two_stage_pipeline(const float *in, float *out) {
    __shared__ float a[64];
    __shared__ float b[64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&b[threadIdx.x], &in[64 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncthreads();
    float x = a[63 - threadIdx.x];
    pipe.consumer_release();
    pipe.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = x + b[63 - threadIdx.x];
    pipe.consumer_release();
}

__global__ void consumer_skips_wait(const float *in, float *out) {
    __shared__ float a[64];
    __shared__ float b[64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&b[threadIdx.x], &in[64 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x] + b[63 - threadIdx.x]; //~ async-copy read-write
    pipe.consumer_release();
}

// expect-verdict(thread_pipeline_waited): race-free
// expect-verdict(thread_pipeline_never_waited): racy
//--blockDim=64 --gridDim=1
// A thread's own cuda::pipeline: the stage a thread commits is complete
// only after its `consumer_wait`. Without it, the block barrier does not
// cover the copy, which may land after it while another thread reads the
// element; the quick fix inserts `pipe.consumer_wait()` before the barrier.

#include <cuda/pipeline>

__global__ void thread_pipeline_waited(const float *in, float *out) {
    __shared__ float a[64];
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x];
    pipe.consumer_release();
}

__global__ void thread_pipeline_never_waited(const float *in, float *out) {
    __shared__ float a[64];
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x]; //~ async-copy read-write
}

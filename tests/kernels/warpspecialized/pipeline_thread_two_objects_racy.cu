// expect-verdict(two_pipes): racy
// expect-verdict(primitive_then_pipe): racy
// expect-verdict(helper_commits_other_pipe): racy
// expect-verdict(helper_makes_own_pipe): racy
// expect-verdict(same_name_in_block_scopes): racy
//--blockDim=64 --gridDim=1
// Review finding (s10-warpspec): a thread pipeline's `consumer_wait` waits
// for the oldest stage of that pipeline only, and returns at once when it
// has none. The thread's commit and wait counts are shared by every
// pipeline object and `__pipeline_commit`, so they do not tell which stage
// a wait completes here: nothing is completed (the read of `b`, still in
// flight, and of `a`, committed by `__pipeline_commit`, race; in
// `two_pipes` the read of `a`, which `p1.consumer_wait()` did complete, is
// reported too: sound, a false alarm of kernels mixing group sources). A
// pipeline used inside a helper (a reference parameter, a local) may be
// another object than the kernel's of the same name: it counts as another
// group source too (review finding on 8c41b0c).

#include <cuda/pipeline>
#include <cuda_pipeline.h>

__global__ void two_pipes(const float *in, float *out) {
    __shared__ float a[64], b[64];
    auto p1 = cuda::make_pipeline();
    auto p2 = cuda::make_pipeline();
    p1.producer_acquire();
    cuda::memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float), p1); //~ async-copy write-read
    p1.producer_commit();
    p1.producer_acquire();
    cuda::memcpy_async(&b[threadIdx.x], &in[64 + threadIdx.x], sizeof(float), p1); //~ async-copy write-read
    p1.producer_commit();
    p1.consumer_wait();
    p2.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x] + b[63 - threadIdx.x]; //~ async-copy read-write
}

__global__ void primitive_then_pipe(const float *in, float *out) {
    __shared__ float a[64];
    auto pipe = cuda::make_pipeline();
    __pipeline_memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float)); //~ async-copy write-read
    __pipeline_commit();
    pipe.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x]; //~ async-copy read-write
}

__device__ void load(cuda::pipeline<cuda::thread_scope_thread> &pipe, float *dst, const float *src) {
    pipe.producer_acquire();
    cuda::memcpy_async(dst, src, sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
}

__global__ void helper_commits_other_pipe(const float *in, float *out) {
    __shared__ float a[64];
    auto p1 = cuda::make_pipeline();
    auto pipe = cuda::make_pipeline();
    load(p1, &a[threadIdx.x], &in[threadIdx.x]);
    // The kernel's `pipe` has no stage: its wait returns at once.
    pipe.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x]; //~ async-copy read-write
}

__device__ void load_own(float *dst, const float *src) {
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(dst, src, sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
}

__global__ void helper_makes_own_pipe(const float *in, float *out) {
    __shared__ float a[64];
    auto pipe = cuda::make_pipeline();
    load_own(&a[threadIdx.x], &in[threadIdx.x]);
    pipe.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x]; //~ async-copy read-write
}

// Two pipelines of the kernel named alike in different block scopes.
__global__ void same_name_in_block_scopes(const float *in, float *out) {
    __shared__ float a[64];
    {
        auto pipe = cuda::make_pipeline();
        pipe.producer_acquire();
        cuda::memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
        pipe.producer_commit();
    }
    auto pipe = cuda::make_pipeline();
    pipe.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = a[63 - threadIdx.x]; //~ async-copy read-write
}

// expect-verdict(every_thread_both_roles): race-free
// expect-verdict(every_thread_reads_early): racy
// expect-verdict(first_warp_produces): race-free
//--blockDim=64 --gridDim=1
// `make_pipeline(block, &state)` without roles: every thread produces and
// consumes, and `consumer_wait` waits until every thread committed the stage,
// so each thread may read the elements other threads copied. With
// `make_pipeline(block, &state, 32)` the first 32 threads by rank produce.

#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void every_thread_both_roles(const float *in, float *out) {
    __shared__ float buf[64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    out[threadIdx.x] = buf[63 - threadIdx.x] + buf[threadIdx.x];
    pipe.consumer_release();
}

__global__ void every_thread_reads_early(const float *in, float *out) {
    __shared__ float buf[64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    out[threadIdx.x] = buf[63 - threadIdx.x]; //~ async-copy read-write
    pipe.consumer_wait();
    pipe.consumer_release();
}

__global__ void first_warp_produces(const float *in, float *out) {
    __shared__ float buf[32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state, 32);
    if (threadIdx.x < 32) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
        pipe.producer_commit();
    } else {
        pipe.consumer_wait();
        out[threadIdx.x] = buf[63 - threadIdx.x];
        pipe.consumer_release();
    }
}

// expect-verdict(barrier_reissue_without_wait): inconclusive
// expect-verdict(barrier_wait_before_reissue): race-free
// expect-verdict(pipe_reissue_before_wait): racy
// expect-verdict(pipe_reissue_other_parity): race-free
//--blockDim=64 --gridDim=1
// The shapes of pipeline_reissue_carried.cu with cuda::memcpy_async: on a
// cuda::barrier with no wait in the loop body (every iteration's copy into
// the thread's element may be in flight at the next issue) or with
// `arrive_and_wait` before the reissue; on the thread's own cuda::pipeline
// with `pipeline_consumer_wait_prior<1>` after the next issue (too late for
// the previous copy of the same element) or alternating two slots by the
// parity of the counter.

#include <cuda/barrier>
#include <cuda/pipeline>

__global__ void barrier_reissue_without_wait(const float *in, float *out, int tiles) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    for (int k = 0; k < tiles; ++k) {
        cuda::memcpy_async(&buf[threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(float), bar);
    }
    bar.arrive_and_wait();
    out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void barrier_wait_before_reissue(const float *in, float *out, int tiles) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[64];
    float acc = 0.0f;
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    for (int k = 0; k < 4; ++k) {
        cuda::memcpy_async(&buf[threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(float), bar);
        bar.arrive_and_wait();
        acc += buf[threadIdx.x];
    }
    out[threadIdx.x] = acc;
}

__global__ void pipe_reissue_before_wait(const float *in, float *out, int tiles) {
    __shared__ float buf[64];
    float acc = 0.0f;
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < tiles; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], sizeof(float), pipe); //~ async-copy
        pipe.producer_commit();
        cuda::pipeline_consumer_wait_prior<1>(pipe);
        acc += buf[threadIdx.x]; //~ async-copy
    }
    cuda::pipeline_consumer_wait_prior<0>(pipe);
    out[threadIdx.x] = acc;
}

__global__ void pipe_reissue_other_parity(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    float acc = 0.0f;
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < tiles; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], sizeof(float), pipe);
        pipe.producer_commit();
        cuda::pipeline_consumer_wait_prior<1>(pipe);
        acc += buf[k % 2][threadIdx.x];
    }
    cuda::pipeline_consumer_wait_prior<0>(pipe);
    out[threadIdx.x] = acc;
}

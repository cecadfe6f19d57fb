// expect-verdict(wait_prior_straight): race-free
// expect-verdict(wait_prior_reads_newest): racy
// expect-verdict(wait_prior_too_many): racy
// expect-verdict(wait_prior_loop): race-free
// expect-verdict(wait_prior_loop_reads_next): racy
//--blockDim=128 --gridDim=1
// `cuda::pipeline_consumer_wait_prior<N>(pipe)` on a thread's own pipeline
// completes all but the N most recent stages the thread committed
// (`cp.async.wait_group N`). Two stages committed, `wait_prior<1>`: the
// first has landed, the second may still be in flight; `wait_prior<2>`
// completes neither. The double-buffered loop commits tile k + 1 and waits
// with `wait_prior<1>` for tile k.

#include <cuda/pipeline>

__global__ void wait_prior_straight(const float *in, float *out) {
    __shared__ float buf[2][128];
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[128 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    cuda::pipeline_consumer_wait_prior<1>(pipe);
    __syncthreads();
    out[threadIdx.x] = buf[0][127 - threadIdx.x];
}

__global__ void wait_prior_reads_newest(const float *in, float *out) {
    __shared__ float buf[2][128];
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[128 + threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    cuda::pipeline_consumer_wait_prior<1>(pipe);
    __syncthreads();
    // The second stage is the most recent one: still in flight.
    out[threadIdx.x] = buf[1][127 - threadIdx.x]; //~ async-copy read-write
}

__global__ void wait_prior_too_many(const float *in, float *out) {
    __shared__ float buf[2][128];
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[128 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    // Both stages may still be in flight.
    cuda::pipeline_consumer_wait_prior<2>(pipe);
    __syncthreads();
    out[threadIdx.x] = buf[0][127 - threadIdx.x]; //~ async-copy read-write
}

__global__ void wait_prior_loop(const float *in, float *out) {
    __shared__ float buf[2][128];
    auto pipe = cuda::make_pipeline();
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 128 + threadIdx.x],
                           sizeof(float), pipe);
        pipe.producer_commit();
        cuda::pipeline_consumer_wait_prior<1>(pipe);
        __syncthreads();
        acc += buf[k % 2][127 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void wait_prior_loop_reads_next(const float *in, float *out) {
    __shared__ float buf[2][128];
    auto pipe = cuda::make_pipeline();
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 128 + threadIdx.x], //~ async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        cuda::pipeline_consumer_wait_prior<1>(pipe);
        __syncthreads();
        // Tile k + 1 is the most recent stage: still in flight.
        acc += buf[(k + 1) % 2][127 - threadIdx.x]; //~ async-copy read-write
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

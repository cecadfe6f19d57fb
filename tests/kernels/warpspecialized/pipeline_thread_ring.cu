// expect-verdict(thread_pipeline_three_stages): race-free
// expect-verdict(thread_pipeline_two_stages): race-free
// expect-verdict(thread_pipeline_reads_before_wait): racy
// expect-verdict(thread_pipeline_reads_next_stage): racy
// expect-verdict(thread_pipeline_more_stages_than_buffers): racy
// expect-verdict(thread_pipeline_overwrite_while_read): racy
//--blockDim=64 --gridDim=1
// A thread's own cuda::pipeline (make_pipeline()) as a ring of S stages:
// the prologue commits S - 1 stages; each iteration acquires, copies stage
// k + S - 1, commits, and `consumer_wait` waits for the oldest stage not
// waited for yet (stage k: one commit and one wait per iteration); the
// block synchronizes and reads it, synchronizes again and releases it.
// Twins: reading before `consumer_wait`; reading stage k + 1 (waited for
// one iteration later); three stages over two buffers; no barrier after
// the read (a fast thread's next copy overwrites the slot others read).

#include <cuda/pipeline>

__global__ void thread_pipeline_three_stages(const float *in, float *out) {
    __shared__ float buf[3][64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 2) % 3][threadIdx.x], &in[(k + 2) * 64 + threadIdx.x],
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        __syncthreads();
        acc += buf[k % 3][63 - threadIdx.x];
        __syncthreads();
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void thread_pipeline_two_stages(const float *in, float *out, int tiles) {
    __shared__ float buf[2][64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < tiles; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x],
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x];
        __syncthreads();
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void thread_pipeline_reads_before_wait(const float *in, float *out) {
    __shared__ float buf[3][64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 2) % 3][threadIdx.x], &in[(k + 2) * 64 + threadIdx.x], //~ async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        __syncthreads();
        acc += buf[k % 3][63 - threadIdx.x]; //~ async-copy read-write
        pipe.consumer_wait();
        __syncthreads();
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void thread_pipeline_reads_next_stage(const float *in, float *out) {
    __shared__ float buf[3][64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 2) % 3][threadIdx.x], &in[(k + 2) * 64 + threadIdx.x], //~ async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        __syncthreads();
        acc += buf[(k + 1) % 3][63 - threadIdx.x]; //~ async-copy read-write
        __syncthreads();
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void thread_pipeline_more_stages_than_buffers(const float *in, float *out) {
    __shared__ float buf[2][64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[k % 2][threadIdx.x], &in[(k + 2) * 64 + threadIdx.x], //~ async-copy, async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        __syncthreads();
        acc += buf[k % 2][63 - threadIdx.x]; //~ async-copy read-write
        __syncthreads();
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void thread_pipeline_overwrite_while_read(const float *in, float *out) {
    __shared__ float buf[3][64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 2) % 3][threadIdx.x], &in[(k + 2) * 64 + threadIdx.x], //~ async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        __syncthreads();
        acc += buf[k % 3][63 - threadIdx.x]; //~ async-copy read-write
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

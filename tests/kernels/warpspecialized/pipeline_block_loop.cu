// expect-verdict(two_stage_loop): race-free
// expect-verdict(three_stage_loop): race-free
// expect-verdict(three_stage_reads_next_slot): racy
// expect-verdict(loop_reads_before_wait): racy
// expect-verdict(loop_reads_wrong_slot): racy
// expect-verdict(loop_more_stages_than_buffers): racy
// expect-verdict(loop_missing_release): divergent
//--blockDim=64 --gridDim=1
// A block-scoped cuda::pipeline whose stages are issued in the main loop,
// every thread both producer and consumer (the multi-buffered GEMM main
// loop): the prologue fills S - 1 stages; iteration k acquires the slot of
// stage k + S - 1, copies into it, commits, waits for stage k, reads its
// slot and releases it. The copy of iteration k is read after the wait of
// iteration k + S - 1 and its slot is overwritten only by the copy of
// iteration k + S, after the release of iteration k + S - 1 (with three
// stages the copy stays in flight across two iterations). Twins: reading
// before `consumer_wait`; reading the slot still being filled (two and
// three stages); a pipeline of three stages over two buffers (the acquire
// of the third stage does not wait for the release of the first); no
// release (the producers' acquire waits forever).

#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void two_stage_loop(const float *in, float *out) {
    __shared__ float buf[2][64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x],
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        acc += buf[k % 2][63 - threadIdx.x];
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void three_stage_loop(const float *in, float *out) {
    __shared__ float buf[3][64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 3> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < 9; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 2) % 3][threadIdx.x], &in[(k + 2) * 64 + threadIdx.x],
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        acc += buf[k % 3][63 - threadIdx.x];
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void three_stage_reads_next_slot(const float *in, float *out) {
    __shared__ float buf[3][64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 3> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    for (int k = 0; k < 9; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 2) % 3][threadIdx.x], &in[(k + 2) * 64 + threadIdx.x], //~ async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        // Stage k + 1 is waited for only in the next iteration.
        acc += buf[(k + 1) % 3][63 - threadIdx.x]; //~ async-copy read-write
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void loop_reads_before_wait(const float *in, float *out) {
    __shared__ float buf[2][64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], //~ async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        acc += buf[k % 2][63 - threadIdx.x]; //~ async-copy read-write
        pipe.consumer_wait();
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void loop_reads_wrong_slot(const float *in, float *out) {
    __shared__ float buf[2][64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], //~ async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        // The slot of stage k + 1, whose copy may still be in flight.
        acc += buf[(k + 1) % 2][63 - threadIdx.x]; //~ async-copy read-write
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void loop_more_stages_than_buffers(const float *in, float *out) {
    __shared__ float buf[2][64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 3> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], //~ async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        acc += buf[k % 2][63 - threadIdx.x]; //~ async-copy read-write
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

__global__ void loop_missing_release(const float *in, float *out) {
    __shared__ float buf[2][64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    float acc = 0.0f;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe); //~ async-copy write-read
    pipe.producer_commit();
    for (int k = 0; k < 8; ++k) {
        pipe.producer_acquire(); //~ barrier-deadlock
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], //~ async-copy write-read, async-copy
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        acc += buf[k % 2][63 - threadIdx.x]; //~ async-copy read-write
    }
    out[threadIdx.x] = acc;
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A block cuda::pipeline main loop whose condition is a block barrier
// (`__syncthreads_or`): a copy issued in iteration k may land after that
// barrier, in iteration k + 1, so it is followed into the next iteration
// (not checked at its issue only: a barrier interval separates the issue
// from that landing). Reading the slot of the previous iteration's copy
// before `consumer_wait`, relying on the barrier of the condition, races
// with that copy still in flight.

#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void condition_barrier_no_wait(const float *in, float *out) {
    __shared__ float buf[2][64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    float acc = 0.0f;
    for (int k = 0; __syncthreads_or(k < 8); ++k) {
        // The copy of iteration k - 1 into this slot may still be in flight.
        acc += buf[k % 2][63 - threadIdx.x]; //~ async-copy read-write
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[(k + 1) % 2][threadIdx.x], &in[(k + 1) * 64 + threadIdx.x], //~ async-copy write-read
                           sizeof(float), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        pipe.consumer_release();
    }
    out[threadIdx.x] = acc;
}

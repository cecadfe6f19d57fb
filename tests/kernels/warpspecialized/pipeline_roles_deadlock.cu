// expect-verdict(consumer_waits_uncommitted_stage): divergent
//--blockDim=64 --gridDim=1
// The consumers wait for a second stage no producer ever commits: the wait
// never returns (`barrier-deadlock`); without well-synchronization the
// pipeline's barriers order nothing, so the copy races with the read too.

#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void consumer_waits_uncommitted_stage(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[0][lane], &in[lane], sizeof(float), pipe); //~ async-copy write-read
        pipe.producer_commit();
    } else {
        float acc = 0.0f;
        pipe.consumer_wait();
        acc += buf[0][31 - lane]; //~ async-copy read-write
        pipe.consumer_release();
        pipe.consumer_wait(); //~ barrier-deadlock
        acc += buf[1][31 - lane];
        pipe.consumer_release();
        out[lane] = acc;
    }
}

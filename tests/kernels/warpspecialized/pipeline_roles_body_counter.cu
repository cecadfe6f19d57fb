// expect-verdict(body_counter_slot): race-free
//--blockDim=64 --gridDim=1
// Producer and consumer roles of a two-stage cuda::pipeline, the consumer
// reading the ring slot of a counter it advances at the end of each
// iteration's body (not in the loop's step): the counter equals the
// iteration number, so slot `slot % 2` is the one stage k was copied into.
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void body_counter_slot(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < 8; ++k) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe);
            pipe.producer_commit();
        }
    } else {
        float acc = 0.0f;
        int slot = 0;
        for (int k = 0; k < 8; ++k) {
            pipe.consumer_wait();
            acc += buf[slot % 2][31 - lane];
            pipe.consumer_release();
            slot = slot + 1;
        }
        out[lane] = acc;
    }
}

// expect-verdict(body_counter_skipped): racy
// expect-verdict(body_counter_ahead): racy
//--blockDim=64 --gridDim=1
// Twins of pipeline_roles_body_counter.cu. A `continue` skips the counter's
// update in one iteration, so from then on the consumer reads the slot the
// producers are filling for the next stage (the counter is not the
// iteration number). Advancing the counter before the read reads stage
// k + 1's slot while its copy may be in flight.
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void body_counter_skipped(const float *in, float *out) {
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
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe); //~ async-copy write-read
            pipe.producer_commit();
        }
    } else {
        float acc = 0.0f;
        int slot = 0;
        for (int k = 0; k < 8; ++k) {
            pipe.consumer_wait();
            acc += buf[slot % 2][31 - lane]; //~ async-copy read-write
            pipe.consumer_release();
            if (k == 2)
                continue;
            slot = slot + 1;
        }
        out[lane] = acc;
    }
}

__global__ void body_counter_ahead(const float *in, float *out) {
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
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe); //~ async-copy write-read
            pipe.producer_commit();
        }
    } else {
        float acc = 0.0f;
        int slot = 0;
        for (int k = 0; k < 8; ++k) {
            pipe.consumer_wait();
            slot = slot + 1;
            acc += buf[slot % 2][31 - lane]; //~ async-copy read-write
            pipe.consumer_release();
        }
        out[lane] = acc;
    }
}

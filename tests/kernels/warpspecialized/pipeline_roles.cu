// expect-verdict(roles_two_stages): race-free
// expect-verdict(roles_read_before_wait): racy
// expect-verdict(roles_release_before_read): racy
// expect-verdict(roles_wrong_stage_count): racy
//--blockDim=64 --gridDim=1
// A block-scoped cuda::pipeline with producer and consumer roles: warp 0
// produces three stages with asynchronous copies into two slots, warp 1
// consumes them. A stage is a ring slot: `consumer_wait` waits until every
// producer committed the stage and its copies landed; `producer_acquire`
// waits until every consumer released the slot's previous use. Reading a
// stage before waiting for it races with its copy; reading a slot after
// releasing it races with the producer's next copy into it; a pipeline of
// three stages over two buffers lets the third copy overwrite the first
// buffer while it is read.

#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void roles_two_stages(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[0][lane], &in[lane], sizeof(float), pipe);
        pipe.producer_commit();
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[1][lane], &in[32 + lane], sizeof(float), pipe);
        pipe.producer_commit();
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[0][lane], &in[64 + lane], sizeof(float), pipe);
        pipe.producer_commit();
    } else {
        float acc = 0.0f;
        pipe.consumer_wait();
        acc += buf[0][31 - lane];
        pipe.consumer_release();
        pipe.consumer_wait();
        acc += buf[1][31 - lane];
        pipe.consumer_release();
        pipe.consumer_wait();
        acc += buf[0][31 - lane];
        pipe.consumer_release();
        out[lane] = acc;
    }
}

__global__ void roles_read_before_wait(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[0][lane], &in[lane], sizeof(float), pipe);
        pipe.producer_commit();
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[1][lane], &in[32 + lane], sizeof(float), pipe); //~ async-copy write-read
        pipe.producer_commit();
    } else {
        float acc = 0.0f;
        pipe.consumer_wait();
        // Stage 1 is read after waiting for stage 0 only.
        acc += buf[0][31 - lane] + buf[1][31 - lane]; //~ async-copy read-write
        pipe.consumer_release();
        pipe.consumer_wait();
        pipe.consumer_release();
        out[lane] = acc;
    }
}

__global__ void roles_release_before_read(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[0][lane], &in[lane], sizeof(float), pipe);
        pipe.producer_commit();
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[1][lane], &in[32 + lane], sizeof(float), pipe);
        pipe.producer_commit();
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[0][lane], &in[64 + lane], sizeof(float), pipe); //~ async-copy write-read
        pipe.producer_commit();
    } else {
        float acc = 0.0f;
        pipe.consumer_wait();
        pipe.consumer_release();
        // Slot 0 is read after it was handed back to the producers.
        acc += buf[0][31 - lane]; //~ async-copy read-write
        pipe.consumer_wait();
        acc += buf[1][31 - lane];
        pipe.consumer_release();
        pipe.consumer_wait();
        acc += buf[0][31 - lane];
        pipe.consumer_release();
        out[lane] = acc;
    }
}

__global__ void roles_wrong_stage_count(const float *in, float *out) {
    __shared__ float buf[2][32];
    // Three stages over two buffers: the third stage's slot is free at once.
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 3> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[0][lane], &in[lane], sizeof(float), pipe);
        pipe.producer_commit();
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[1][lane], &in[32 + lane], sizeof(float), pipe);
        pipe.producer_commit();
        pipe.producer_acquire();
        // The first copy into buf[0] may still be in flight too.
        cuda::memcpy_async(&buf[0][lane], &in[64 + lane], sizeof(float), pipe); //~ async-copy write-read, async-copy
        pipe.producer_commit();
    } else {
        float acc = 0.0f;
        pipe.consumer_wait();
        acc += buf[0][31 - lane]; //~ async-copy read-write
        pipe.consumer_release();
        pipe.consumer_wait();
        acc += buf[1][31 - lane];
        pipe.consumer_release();
        pipe.consumer_wait();
        acc += buf[0][31 - lane];
        pipe.consumer_release();
        out[lane] = acc;
    }
}

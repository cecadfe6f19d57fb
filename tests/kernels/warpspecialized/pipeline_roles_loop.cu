// expect-verdict(roles_loop_two_stages): race-free
// expect-verdict(roles_loop_three_stages): race-free
// expect-verdict(roles_loop_read_before_wait): racy
// expect-verdict(roles_loop_copy_before_acquire): racy
// expect-verdict(roles_loop_release_before_read): racy
// expect-verdict(roles_loop_release_before_wait): divergent
// expect-verdict(roles_loop_more_stages_than_buffers): racy
//--blockDim=64 --gridDim=1
// A block-scoped cuda::pipeline with producer and consumer roles, each
// role in a loop of its own: warp 0 acquires stage k, copies into slot
// k % S and commits; warp 1 waits for stage k, reads the slot and releases
// it. The copy of iteration k lands before the phase of its commit
// completes, which `consumer_wait` of iteration k waits for; its slot is
// overwritten only by the copy of iteration k + S, issued after the
// producer's `producer_acquire` of that iteration, which waits for the
// consumers' release of iteration k. Twins: reading before
// `consumer_wait`; copying before `producer_acquire`; reading after
// `consumer_release`; releasing before waiting (the release counts in the
// phase the pipeline's creation already completed: recycling); three
// stages over two buffers.
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void roles_loop_two_stages(const float *in, float *out) {
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
        for (int k = 0; k < 8; ++k) {
            pipe.consumer_wait();
            acc += buf[k % 2][31 - lane];
            pipe.consumer_release();
        }
        out[lane] = acc;
    }
}

__global__ void roles_loop_three_stages(const float *in, float *out) {
    __shared__ float buf[3][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 3> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < 9; ++k) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[k % 3][lane], &in[k * 32 + lane], sizeof(float), pipe);
            pipe.producer_commit();
        }
    } else {
        float acc = 0.0f;
        for (int k = 0; k < 9; ++k) {
            pipe.consumer_wait();
            acc += buf[k % 3][31 - lane];
            pipe.consumer_release();
        }
        out[lane] = acc;
    }
}

__global__ void roles_loop_read_before_wait(const float *in, float *out) {
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
        for (int k = 0; k < 8; ++k) {
            // Stage k may still be in flight.
            acc += buf[k % 2][31 - lane]; //~ async-copy read-write
            pipe.consumer_wait();
            pipe.consumer_release();
        }
        out[lane] = acc;
    }
}

__global__ void roles_loop_copy_before_acquire(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < 8; ++k) {
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe); //~ async-copy write-read
            pipe.producer_acquire();
            pipe.producer_commit();
        }
    } else {
        float acc = 0.0f;
        for (int k = 0; k < 8; ++k) {
            pipe.consumer_wait();
            acc += buf[k % 2][31 - lane]; //~ async-copy read-write
            pipe.consumer_release();
        }
        out[lane] = acc;
    }
}

__global__ void roles_loop_release_before_read(const float *in, float *out) {
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
        for (int k = 0; k < 8; ++k) {
            pipe.consumer_wait();
            pipe.consumer_release();
            acc += buf[k % 2][31 - lane]; //~ async-copy read-write
        }
        out[lane] = acc;
    }
}

__global__ void roles_loop_release_before_wait(const float *in, float *out) {
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
        for (int k = 0; k < 8; ++k) {
            pipe.consumer_release(); //~ barrier-recycling
            pipe.consumer_wait();
            acc += buf[k % 2][31 - lane]; //~ async-copy read-write
        }
        out[lane] = acc;
    }
}

__global__ void roles_loop_more_stages_than_buffers(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 3> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < 9; ++k) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe); //~ async-copy write-read
            pipe.producer_commit();
        }
    } else {
        float acc = 0.0f;
        for (int k = 0; k < 9; ++k) {
            pipe.consumer_wait();
            acc += buf[k % 2][31 - lane]; //~ async-copy read-write
            pipe.consumer_release();
        }
        out[lane] = acc;
    }
}

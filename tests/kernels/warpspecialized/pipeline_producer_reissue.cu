// expect-verdict(producer_reissue_ring): race-free
// expect-verdict(producer_reissue_stages_exceed_slots): inconclusive
// expect-verdict(producer_reissue_strided_counter): race-free
// expect-verdict(producer_reissue_strided_wrong_slot): inconclusive
//--blockDim=64 --gridDim=1
// A producer warp's copies on a block cuda::pipeline, never waited for by
// the producer itself: its copy of iteration k writes slot k % S while its
// copies of earlier iterations may still be in flight. The copy of
// iteration k - S (the last one into the same slot) has landed before
// `producer_acquire` of iteration k returns: that acquire waits for the
// consumers' release of stage k - S, which follows their `consumer_wait`
// of it, which completes only once the copies committed with it landed;
// the copies of iterations k - S + 1 .. k - 1 write other slots. The
// consumer here only sums what it reads into registers, so the producer's
// reissue is the pair at stake. Twins: three stages over two slots (the
// copy of iteration k - 2 writes the same slot and stage k - 2 need not be
// released yet: the pair stays undecided, never race-free); a counter
// stepping by 2 with the slot `(k / 2) % 2` (race-free) and `k % 2` (every
// copy into one slot: undecided).
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void producer_reissue_ring(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < 6; ++k) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe);
            pipe.producer_commit();
        }
    } else {
        float acc = 0.0f;
        for (int k = 0; k < 6; ++k) {
            pipe.consumer_wait();
            acc += buf[k % 2][lane];
            pipe.consumer_release();
        }
        out[lane] = acc;
    }
}

__global__ void producer_reissue_stages_exceed_slots(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 3> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < 6; ++k) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe);
            pipe.producer_commit();
        }
    } else {
        for (int k = 0; k < 6; ++k) {
            pipe.consumer_wait();
            pipe.consumer_release();
        }
        out[lane] = 0.0f;
    }
}

__global__ void producer_reissue_strided_counter(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < 12; k += 2) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[(k / 2) % 2][lane], &in[k * 16 + lane], sizeof(float), pipe);
            pipe.producer_commit();
        }
    } else {
        float acc = 0.0f;
        for (int k = 0; k < 6; ++k) {
            pipe.consumer_wait();
            acc += buf[k % 2][lane];
            pipe.consumer_release();
        }
        out[lane] = acc;
    }
}

__global__ void producer_reissue_strided_wrong_slot(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < 12; k += 2) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 16 + lane], sizeof(float), pipe);
            pipe.producer_commit();
        }
    } else {
        for (int k = 0; k < 6; ++k) {
            pipe.consumer_wait();
            pipe.consumer_release();
        }
        out[lane] = 0.0f;
    }
}

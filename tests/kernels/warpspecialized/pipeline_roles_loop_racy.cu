// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Racy role-split cuda::pipeline loops (producer warp 0 copies stage k into
// slot k % 2 and commits; consumer warp 1 waits, reads, releases) that the
// per-stage model must keep reporting: consumers that skip the last stage
// and read it after a block barrier; a consumer reading the slot of the
// stage it did not wait for; a producer overwriting the source of its last
// copy; consumers of which some read a slot without waiting; a copy issued
// after the commit (it belongs to the next stage, whose acquire came
// before it).
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void epilogue_missing_wait(const float *in, float *out) {
    __shared__ float buf[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
    int lane = threadIdx.x % 32;
    float acc = 0.0f;
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < 8; ++k) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe); //~ async-copy write-write, async-copy write-read
            pipe.producer_commit();
        }
    } else {
        for (int k = 0; k < 7; ++k) {
            pipe.consumer_wait();
            acc += buf[k % 2][31 - lane];
            pipe.consumer_release();
        }
    }
    __syncthreads();
    out[threadIdx.x] = acc + buf[1][lane]; //~ async-copy, async-copy read-write
}

__global__ void reads_other_slot(const float *in, float *out) {
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
            acc += buf[(k + 1) % 2][31 - lane]; //~ async-copy read-write
            pipe.consumer_release();
        }
        out[lane] = acc;
    }
}

__global__ void producer_writes_source(float *in, float *out) {
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
        in[7 * 32 + lane] = 0.0f; //~ async-copy
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

__global__ void second_reader_no_wait(const float *in, float *out) {
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
            if (threadIdx.x < 48) acc += buf[k % 2][31 - lane];
            pipe.consumer_release();
            if (threadIdx.x >= 48) acc += buf[0][lane]; //~ async-copy read-write
        }
        out[lane] = acc;
    }
}

__global__ void copy_after_commit(const float *in, float *out) {
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
            pipe.producer_commit();
            cuda::memcpy_async(&buf[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe); //~ async-copy write-write, async-copy write-read
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

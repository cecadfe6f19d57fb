// expect-verdict(token_waited): race-free
// expect-verdict(token_never_waited): racy
// expect-verdict(copy_phase_waited): race-free
// expect-verdict(copy_phase_never_waited): racy
//--blockDim=128 --gridDim=1
// cuda::barrier split phase with the wait missing altogether (not written
// late: `split_barrier_wait_late.cu`). A thread that arrives and never
// waits for its token reads another thread's element while that thread may
// not have stored it yet; the quick fix inserts `bar.wait(std::move(token))`
// before the read. A `cuda::memcpy_async` on the barrier followed by a block
// barrier and no wait of the barrier's phase may still be in flight at the
// read; the quick fix inserts `bar.arrive_and_wait()`.

#include <cuda/barrier>

__global__ void token_waited(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[128];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    auto token = bar.arrive();
    float mine = in[128 + threadIdx.x] * 2.0f;
    bar.wait(std::move(token));
    out[threadIdx.x] = s[127 - threadIdx.x] + mine;
}

__global__ void token_never_waited(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[128];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x]; //~ race write-read
    auto token = bar.arrive();
    float mine = in[128 + threadIdx.x] * 2.0f;
    out[threadIdx.x] = s[127 - threadIdx.x] + mine; //~ race read-write
}

__global__ void copy_phase_waited(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[128];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), bar);
    bar.arrive_and_wait();
    __syncthreads();
    out[threadIdx.x] = buf[127 - threadIdx.x];
}

__global__ void copy_phase_never_waited(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[128];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), bar); //~ async-copy write-read
    __syncthreads();
    out[threadIdx.x] = buf[127 - threadIdx.x]; //~ async-copy read-write
}

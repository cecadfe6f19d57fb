// expect-verdict(copy_before_arrival): race-free
// expect-verdict(copy_after_arrival): racy
//--blockDim=64 --gridDim=1
// cuda::memcpy_async(.., bar) joins the barrier phase current when the copy is
// issued, and `bar.wait(token)` waits only for the phase the token was taken
// in. Issued before the thread's arrival, the copy belongs to that phase and
// is complete after the wait. Issued after it (`copy_after_arrival`), the
// phase may already be complete (every other thread arrived), so the copy
// joins the next phase and may still be in flight when other threads read.

#include <cuda/barrier>

__global__ void copy_before_arrival(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), bar);
    auto token = bar.arrive();
    bar.wait(std::move(token));
    out[threadIdx.x] = buf[63 - threadIdx.x];
}

__global__ void copy_after_arrival(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    auto token = bar.arrive();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), bar); //~ async-copy write-read
    bar.wait(std::move(token));
    out[threadIdx.x] = buf[63 - threadIdx.x]; //~ async-copy read-write
}

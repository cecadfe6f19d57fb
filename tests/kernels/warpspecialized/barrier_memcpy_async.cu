// expect-verdict(copy_then_sync): race-free
// expect-verdict(read_before_wait): racy
// expect-verdict(half_block_arrives): divergent
//--blockDim=64 --gridDim=1
// cuda::memcpy_async completing on a cuda::barrier: the phase the copying
// threads arrive in completes only once the copies landed. Reading between
// `arrive()` and `wait()` races with other threads' copies; a barrier
// initialised for the whole block that only half of it reaches deadlocks.

#include <cuda/barrier>

__global__ void copy_then_sync(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), bar);
    bar.arrive_and_wait();
    out[threadIdx.x] = buf[63 - threadIdx.x];
}

__global__ void read_before_wait(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), bar);
    auto token = bar.arrive();
    out[threadIdx.x] = buf[63 - threadIdx.x]; //~ async-copy read-write
    bar.wait(std::move(token));
}

__global__ void half_block_arrives(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[32];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    if (threadIdx.x < 32) {
        s[threadIdx.x] = threadIdx.x;
        bar.arrive_and_wait(); //~ barrier-deadlock
        out[threadIdx.x] = s[31 - threadIdx.x]; //~ race read-write
    }
}

// expect-verdict(copy_after_init): race-free
// expect-verdict(copy_before_init): racy
//--blockDim=64 --gridDim=1
// cuda::memcpy_async on a cuda::barrier updates the barrier object (the
// phase's pending count), so it must be ordered after `init` like an arrival:
// here thread 0 may still be initialising the object while other threads
// already issue their copies on it.

#include <cuda/barrier>

__global__ void copy_after_init(const float *in, float *out) {
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

__global__ void copy_before_init(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x); //~ race write-read
    }
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), bar);
    bar.arrive_and_wait();
    out[threadIdx.x] = buf[63 - threadIdx.x];
}

// expect-verdict(init_published): race-free
// expect-verdict(init_unpublished): racy
//--blockDim=64 --gridDim=1
// `init` writes the barrier object; every other thread's first arrival reads
// it. The block barrier after `init` publishes the initialised object; without
// it another thread may arrive at an uninitialised barrier.

#include <cuda/barrier>

__global__ void init_published(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = threadIdx.x;
    bar.arrive_and_wait();
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void init_unpublished(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x); //~ race write-read
    }
    s[threadIdx.x] = threadIdx.x;
    bar.arrive_and_wait(); //~ race read-write
    out[threadIdx.x] = s[63 - threadIdx.x];
}

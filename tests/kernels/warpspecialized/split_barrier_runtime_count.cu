// expect-verdict(count_from_warps): race-free
// expect-verdict(count_half_the_warps): divergent
// expect-verdict(count_from_parameter): racy
//--blockDim=64 --gridDim=1
// A cuda::barrier whose expected count is computed at run time by the thread
// that initialises it. The count is checked against the threads that arrive:
// `warps * 32` matches the 64 arriving threads; `warps * 16` expects 32, so
// any 32 arrivals complete a phase and the rest are ordered with nothing they
// wait for. A count read from a parameter cannot be checked: the barrier then
// orders nothing (sound), noted as imprecision.

#include <cuda/barrier>

__global__ void count_from_warps(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    int warps = blockDim.x / 32;
    if (threadIdx.x == 0) {
        init(&bar, warps * 32);
    }
    __syncthreads();
    s[threadIdx.x] = threadIdx.x;
    bar.arrive_and_wait();
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void count_half_the_warps(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    int warps = blockDim.x / 32;
    if (threadIdx.x == 0) {
        init(&bar, warps * 16);
    }
    __syncthreads();
    s[threadIdx.x] = threadIdx.x; //~ race write-read
    bar.arrive_and_wait(); //~ barrier-deadlock
    out[threadIdx.x] = s[63 - threadIdx.x]; //~ race read-write
}

__global__ void count_from_parameter(float *out, int n) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, n);
    }
    __syncthreads();
    s[threadIdx.x] = threadIdx.x; //~ race write-read
    bar.arrive_and_wait();
    out[threadIdx.x] = s[63 - threadIdx.x]; //~ race read-write
}

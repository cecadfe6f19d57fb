// expect-verdict(reference_and_pointer): race-free
// expect-verdict(one_name_two_objects): racy
//--blockDim=64 --gridDim=1
// A cuda::barrier object is the memory it lives in, not the text naming it.
// In `reference_and_pointer` one warp arrives through a reference and waits
// through a pointer to the same object the other warp uses by name: one
// barrier, so the exchange is ordered. In `one_name_two_objects` each warp
// syncs on its own element of `bars` through the same text `bars[b]`: two
// barriers, so nothing orders the read of the other warp's element.
#include <cuda/barrier>

__global__ void reference_and_pointer(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    if (threadIdx.x < 32) {
        cuda::barrier<cuda::thread_scope_block> &same = bar;
        cuda::barrier<cuda::thread_scope_block> *ptr = &bar;
        auto token = same.arrive();
        ptr->wait(std::move(token));
    } else {
        bar.arrive_and_wait();
    }
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void one_name_two_objects(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bars[2];
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bars[0], 32);
        init(&bars[1], 32);
    }
    __syncthreads();
    int b = threadIdx.x / 32;
    s[threadIdx.x] = in[threadIdx.x]; //~ race write-read
    bars[b].arrive_and_wait();
    out[threadIdx.x] = s[63 - threadIdx.x]; //~ race read-write
}

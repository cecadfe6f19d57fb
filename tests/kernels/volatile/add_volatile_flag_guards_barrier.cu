// expect-verdict: divergent
//--blockDim=256 --gridDim=8
// A volatile type spelled by a type trait, without the word: the flag may
// change while the kernel runs, as in host_flag_guards_barrier.cu.
#include <type_traits>

__global__ void trait_poll_guards_barrier(std::add_volatile_t<int> *stop, int *out) {
    if (*stop != 0)
        __syncthreads(); //~ divergence
    out[blockIdx.x * 256 + threadIdx.x] = 1;
}

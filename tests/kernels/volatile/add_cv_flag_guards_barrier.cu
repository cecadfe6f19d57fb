// expect-verdict: divergent
//--blockDim=256 --gridDim=8
// `std::add_cv<int>::type` is `const volatile int`: a flag the host may set
// while the kernel runs.
#include <type_traits>

__global__ void trait_cv_poll_guards_barrier(typename std::add_cv<int>::type *stop, int *out) {
    if (*stop != 0)
        __syncthreads(); //~ divergence
    out[blockIdx.x * 256 + threadIdx.x] = 1;
}

// expect-verdict: divergent
//--blockDim=256 --gridDim=8
// A read through a cast to a `volatile` pointer polls memory another agent
// may change while the kernel runs: the barrier under it is divergent.

__global__ void cast_guards_barrier(const int *stop, int *out) {
    if (*(const volatile int *)stop != 0)
        __syncthreads(); //~ divergence
    out[blockIdx.x * 256 + threadIdx.x] = 1;
}

// expect-verdict: divergent
//--blockDim=256 --gridDim=8
// A stop flag in memory the host (mapped memory) or another grid may change
// while the kernel runs: two warps of one block may read two values, so the
// barrier under it may be reached by some threads and not others.

__global__ void poll_guards_barrier(volatile int *stop, int *out) {
    if (*stop != 0)
        __syncthreads(); //~ divergence
    out[blockIdx.x * 256 + threadIdx.x] = 1;
}

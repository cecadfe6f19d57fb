// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// The race-free twin of host_flag_guards_barrier.cu: a plain `const int *`
// flag no statement writes holds one value for the whole kernel, so every
// thread of a block takes the same branch and the barrier is not divergent.

__global__ void flag_guards_barrier(const int *stop, int *out) {
    if (*stop != 0)
        __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = 1;
}

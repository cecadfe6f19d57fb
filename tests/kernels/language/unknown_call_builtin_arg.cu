// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// A function without a declaration may take its arguments by non-const
// reference, but CUDA's launch variables are `const` (`extern const uint3
// threadIdx;`): passing `threadIdx.x` or `blockDim` to it changes neither.

__global__ void unknown_call_builtin_arg(float *out) {
    trace_thread(threadIdx.x, blockIdx.x, blockDim);
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

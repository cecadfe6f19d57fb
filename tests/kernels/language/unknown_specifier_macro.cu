// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// `LIB_LAUNCH_BOUNDS(256)` comes from a library header the checker cannot
// read. Before `__global__` it can only expand to declaration specifiers
// or attributes, none of which changes what the kernel accesses: the
// kernel is parsed and checked (with a note), not a syntax error.

template <typename T>
LIB_LAUNCH_BOUNDS(256) __global__ void scale(T *out, const T *in) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 2 * in[i];
}

extern "C" LIB_LAUNCH_BOUNDS(64) __global__ void copy(float *out, const float *in) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
}

// expect-verdict: racy
//--blockDim=64 --gridDim=4
// As unknown_specifier_macro.cu: the kernel after the unknown macro is
// checked, and its race is reported.

template <typename T>
LIB_LAUNCH_BOUNDS(256) __global__ void scale(T *out, const T *in) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i / 2] = 2 * in[i]; //~ race write-write
}

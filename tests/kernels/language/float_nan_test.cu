// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `x != x` holds for a NaN: then every thread stores to out[0].

__global__ void report_nan(int *out, float x) {
    if (x != x) {
        out[0] = threadIdx.x; //~ race write-write
    }
}

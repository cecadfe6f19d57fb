// expect-verdict: racy
//--blockDim=128 --gridDim=1
// `t < n >> 1` reads as `t < (n >> 1)`, not `(t < n) > 1` (always false):
// threads below half of `n` write `out[t >> 1]`, two threads per element.

__global__ void pairs(float *out, unsigned n) {
    unsigned t = threadIdx.x;
    if (t < n >> 1)
        out[t >> 1] = (float)t; //~ race write-write
}

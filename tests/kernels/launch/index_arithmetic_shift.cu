// expect-verdict: race-free
// A left shift of a block id by a run-time size is index arithmetic like
// the product it is (`blockIdx.x << log2n` is `blockIdx.x * n` with `n = 1
// << log2n`): under the default index-arithmetic assumption it does not
// wrap, so each block's segment of `n` elements is its own (the twin under
// index_arithmetic_dropped/ checks the kernel without the assumption).

__global__ void segment_copy(float *out, const float *in, int log2n) {
    const int n = 1 << log2n;
    const int base = blockIdx.x << log2n;
    const float *src = in + base;
    float *dst = out + base;
    for (int p = threadIdx.x; p < n; p += blockDim.x)
        dst[p] = src[p] * 2.f;
}

// An unsigned amount, straight into the subscript.
__global__ void segment_scale(float *data, unsigned int shift) {
    if (threadIdx.x < (1u << shift))
        data[(blockIdx.x << shift) + threadIdx.x] *= 0.5f;
}

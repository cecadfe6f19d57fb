// expect-verdict: racy
// Near misses of index_arithmetic_shift.cu the index-arithmetic assumption
// must not hide: they race without any wrap.

// The segments start every n / 2 elements but hold n: neighbours overlap.
__global__ void segment_copy_half_stride(float *out, const float *in, int log2n) {
    const int n = 1 << log2n;
    const int base = blockIdx.x << (log2n - 1);
    const float *src = in + base;
    float *dst = out + base;
    for (int p = threadIdx.x; p < n; p += blockDim.x)
        dst[p] = src[p] * 2.f; //~ race
}

// One element too many: the last thread of block b writes the first
// element of block b + 1.
__global__ void segment_scale_inclusive(float *data, unsigned int shift) {
    if (shift < 16 && threadIdx.x <= (1u << shift))
        data[(blockIdx.x << shift) + threadIdx.x] *= 0.5f; //~ race
}

// The segment index is not the block: blocks 0 and 1 share segment 0.
__global__ void segment_by_half_block(float *data, unsigned int shift) {
    if (threadIdx.x < (1u << shift))
        data[((blockIdx.x / 2) << shift) + threadIdx.x] = (float)blockIdx.x; //~ race write-write
}

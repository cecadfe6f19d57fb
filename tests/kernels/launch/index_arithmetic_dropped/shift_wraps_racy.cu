// expect-verdict: racy
// The kernels of ../index_arithmetic_shift.cu with the index-arithmetic
// assumption dropped (syncwright.toml): `blockIdx.x << log2n` may wrap
// modulo 2^32, so a far block's segment lands on a near one's.

__global__ void segment_copy(float *out, const float *in, int log2n) {
    const int n = 1 << log2n;
    const int base = blockIdx.x << log2n;
    const float *src = in + base;
    float *dst = out + base;
    for (int p = threadIdx.x; p < n; p += blockDim.x)
        dst[p] = src[p] * 2.f; //~ race
}

__global__ void segment_scale(float *data, unsigned int shift) {
    if (threadIdx.x < (1u << shift))
        data[(blockIdx.x << shift) + threadIdx.x] *= 0.5f; //~ race
}

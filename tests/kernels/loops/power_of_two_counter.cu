// expect-verdict: race-free
//--blockDim=64 --gridDim=8
// Butterflies whose stride is a power of two: `pos & (stride - 1)` is then
// `pos mod stride`, and the radix-4 (radix-2) indices `4 * (pos - lo) + lo +
// k * stride` are distinct for distinct threads and k. The stride is a loop
// counter whose entry value is one of a few values (`N >> 2` with `N = 1 <<
// log2N`, or 1) and whose update is a constant shift: every value it takes
// is in the closure of those values under the shift, a set of powers of two
// (and 0 and negative values, which fail the loop condition), so each query
// splits into one linear case per value.

__global__ void radix4_halving(float *data, int log2N) {
    extern __shared__ float s[];
    const int N = 1 << log2N;
    const int pos = threadIdx.x;
    for (int stride = N >> 2; stride > 0; stride >>= 2) {
        int lo = pos & (stride - 1);
        int i0 = ((pos - lo) << 2) + lo;
        int i3 = i0 + 3 * stride;
        __syncthreads();
        s[i3] = s[i0];
    }
    __syncthreads();
    data[blockIdx.x * 64 + pos] = s[pos];
}

__global__ void radix2_doubling(float *data, int n) {
    extern __shared__ float s[];
    const int pos = threadIdx.x;
    for (int stride = 1; stride < n; stride <<= 1) {
        int lo = pos & (stride - 1);
        int i0 = ((pos - lo) << 1) + lo;
        int i1 = i0 + stride;
        __syncthreads();
        float d0 = s[i0], d1 = s[i1];
        s[i0] = d0 + d1;
        s[i1] = d0 - d1;
    }
    __syncthreads();
    data[blockIdx.x * 64 + pos] = s[pos];
}

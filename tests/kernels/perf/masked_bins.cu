// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// Per-thread byte counters: the bin is `(v >> k) & 63` of a value read
// from memory (any of 0..63 in each thread, independently), the column a
// permutation of the thread index made of disjoint bit fields. Bin `b` of
// thread `t` is byte `col(t) + 128 * b` with `col(t) < 128`: two threads
// never share a byte whatever their bins. Decided by evaluating the offsets
// at every thread index and mask value (`check::pow2`).

__global__ void byte_bins(unsigned int *out, const unsigned int *in, int n) {
    const int col = (threadIdx.x & ~63) | ((threadIdx.x & 15) << 2) | ((threadIdx.x & 48) >> 4);
    __shared__ unsigned char bins[128 * 64];
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        unsigned int v = in[blockIdx.x * n + i];
        bins[col + 128 * ((v >> 2) & 63)]++;
        bins[col + 128 * ((v >> 10) & 63)]++;
    }
}

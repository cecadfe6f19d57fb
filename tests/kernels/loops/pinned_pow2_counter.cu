// expect-verdict: race-free
// Bitonic merge steps whose stride starts from a parameter: every launch in
// view passes `len = 1024`, so the entry assumption `len == 1024` makes the
// counter's first value 512, a power of two, and `>>= 1` keeps it one
// (`check::pow2`). In one iteration both threads see the same stride, and
// `pos = 2t - (t & (stride - 1))` with its partner `pos + stride` gives
// each thread its own pair of elements.

__global__ void merge_steps(unsigned *keys, unsigned len) {
    __shared__ unsigned s[1024];
    unsigned t = threadIdx.x;
    s[t] = keys[blockIdx.x * 1024 + t];
    s[t + 512] = keys[blockIdx.x * 1024 + t + 512];
    for (unsigned stride = len / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * t - (t & (stride - 1));
        unsigned a = s[pos];
        unsigned b = s[pos + stride];
        if (a > b) {
            s[pos] = b;
            s[pos + stride] = a;
        }
    }
    __syncthreads();
    keys[blockIdx.x * 1024 + t] = s[t];
    keys[blockIdx.x * 1024 + t + 512] = s[t + 512];
}

// The width itself is a parameter read by the offset: `half` is pinned to
// 256, and the pairs `(t, t + half)` of 256 threads are disjoint.
__global__ void halves(float *out, int half) {
    __shared__ float s[512];
    int t = threadIdx.x;
    s[t] = out[t];
    s[t + half] = out[t + half];
    for (int w = half; w > 0; w >>= 1) {
        __syncthreads();
        if (t < w)
            s[t] += s[t + w];
    }
    __syncthreads();
    out[blockIdx.x + t] = s[t];
}

void run(unsigned *k, float *f) {
    merge_steps<<<8, 512>>>(k, 1024);
    halves<<<1, 256>>>(f, 256);
}

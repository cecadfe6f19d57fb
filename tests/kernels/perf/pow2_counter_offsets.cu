// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// Butterflies over a power-of-two stride: `s` starts at `n >> 2` (or
// `n >> 1`) with `n = 1 << logn` and is shifted right each iteration, so it
// is 0 or a power of two; `t & (s - 1)` and `(t - low) << 2` insert two
// digits between the bits of `t` below and above `s`. In one iteration
// both threads see the same `s`, and for every such `s` the offsets of two
// distinct threads differ: decided by evaluating them (`check::pow2`).

__global__ void radix4(float *out, int logn) {
    const int n = 1 << logn;
    extern __shared__ float buf[];
    const int t = threadIdx.x;
    for (int s = n >> 2; s > 0; s >>= 2) {
        int low = t & (s - 1);
        int a = ((t - low) << 2) + low;
        int b = a + s;
        int c = b + s;
        int d = c + s;
        __syncthreads();
        float x0 = buf[a];
        float x1 = buf[b];
        float x2 = buf[c];
        float x3 = buf[d];
        buf[a] = x0 + x2;
        buf[b] = x1 + x3;
        buf[c] = x0 - x2;
        buf[d] = x1 - x3;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = buf[t];
}

__global__ void radix2_pairs(float *out, int logn) {
    const int n = 1 << logn;
    extern __shared__ float buf[];
    const int t = threadIdx.x;
    for (int s = n >> 1; s > 0; s >>= 1) {
        int low = t & (s - 1);
        int a = ((t - low) << 1) + low;
        __syncthreads();
        buf[a] = 1.0f;
        buf[a + s] = 2.0f;
    }
}

__global__ void radix2_one_write(float *out, unsigned logn) {
    unsigned n = 1u << logn;
    extern __shared__ float buf[];
    unsigned t = threadIdx.x;
    for (unsigned s = n / 2; s != 0; s = s / 2) {
        unsigned a = ((t - (t & (s - 1))) << 1) + (t & (s - 1));
        __syncthreads();
        buf[a] = (float)s;
    }
}

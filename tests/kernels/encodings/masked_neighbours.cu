// expect-verdict: race-free
//--blockDim=256 --gridDim=1
// Cyclic neighbours by a mask the host passes (`(t +/- 1) & (n - 1)`, as in
// parallel cyclic reduction), read from a second array that lies right
// after the first in one shared buffer. `x & m` with 0 <= m lies in [0, m]
// whatever x is (its bits are a subset of m's; `t - 1` wraps for t = 0),
// so the neighbour index stays below n and its element in the second array,
// which no thread writes after the barrier. Through bit-vectors alone the
// solver took about 400,000 work units per pair for it.

__global__ void masked_neighbours(float *out, const float *in, unsigned n) {
    extern __shared__ float s[];
    float *a = s;
    float *b = &a[n + 1];
    unsigned t = threadIdx.x;
    if (t < n) {
        a[t] = in[t];
        b[t] = in[t + n];
    }
    __syncthreads();
    if (t < n) {
        unsigned left = (t - 1) & (n - 1);
        unsigned right = (t + 1) & (n - 1);
        a[t] = a[t] + b[left] + b[right];
    }
    __syncthreads();
    if (t < n)
        out[t] = a[t];
}

// A neighbour three further: `x & m <= m` for every unsigned m.
__global__ void masked_neighbours_unsigned(float *out, const float *in, unsigned n) {
    extern __shared__ float s[];
    float *a = s;
    float *b = &a[n];
    unsigned t = threadIdx.x;
    if (t < n) {
        a[t] = in[t];
        b[t] = in[t + n];
    }
    __syncthreads();
    if (t < n)
        a[t] = a[t] + b[(t + 3) & (n - 1)];
    __syncthreads();
    if (t < n)
        out[t] = a[t];
}

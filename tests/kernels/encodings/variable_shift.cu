// expect-verdict: race-free
//--blockDim=256 --gridDim=64

// Shifts by a parameter: each thread owns the slots of its block's segment
// `blockIdx.x << log2n` (a power-of-two segment per block) and its own
// element within it; the amount is checked to be a valid shift.
__global__ void segment_per_block(float *data, int log2n) {
    if (log2n < 8 || log2n > 20) {
        return;
    }
    const int n = 1 << log2n;
    const int base = blockIdx.x << log2n;
    for (int pos = threadIdx.x; pos < n; pos += blockDim.x) {
        data[base + pos] = data[base + pos] * 2.0f;
    }
}

// A right shift by a variable amount keeps distinct values apart when the
// value is scaled up by the same amount first.
__global__ void shift_back(unsigned *out, unsigned s) {
    if (s > 8) {
        return;
    }
    unsigned t = threadIdx.x;
    out[blockIdx.x * 256 + ((t << s) >> s)] = t;
}

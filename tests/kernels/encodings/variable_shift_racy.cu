// expect-verdict: racy
//--blockDim=256 --gridDim=64

// The segments overlap when the shift is too small for a block's threads
// (log2n < 8 puts two blocks in one window of 256 elements).
__global__ void segment_too_small(float *data, int log2n) {
    if (log2n < 0 || log2n > 20) {
        return;
    }
    const int base = blockIdx.x << log2n;
    data[base + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}

// `t >> s` maps 2^s threads to one slot.
__global__ void shift_down(unsigned *out, unsigned s) {
    if (s > 8) {
        return;
    }
    out[threadIdx.x >> s] = threadIdx.x; //~ race write-write
}

// An amount of 32 or more is undefined; the bit-vector meaning (0) makes
// every thread write slot 0, as the hardware's clamped shift does.
__global__ void shift_out_of_range(unsigned *out, unsigned s) {
    out[blockIdx.x * 256 + (threadIdx.x << s)] = threadIdx.x; //~ race write-write
}

// The sign fill of an arithmetic shift of a negative value: -1 for every
// amount large enough.
__global__ void sign_fill(int *out, int s) {
    if (s < 0 || s > 31) {
        return;
    }
    int v = (int)threadIdx.x - 1000;
    out[(v >> s) + 1] = v; //~ race write-write
}

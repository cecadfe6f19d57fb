// expect-verdict: racy
//--blockDim=64 --gridDim=16
// An unsigned offset that only grows as written (`off += 0xFFFFFFFFu`) wraps
// around 2^32: it goes down by one per step, and so does the index
// `i * 4u + off`. Thread i after five steps writes out[4i - 5], thread i - 1
// after one step writes out[4(i - 1) - 1], the same slot. Loop-head
// invariants must be those of the wrapping arithmetic.

__global__ void wrapping_offset(const float *w, float *out, int rounds) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int m = 0; m < rounds; ++m) {
        unsigned int off = 0u;
        for (int k = 0; k < 7; ++k) {
            if (w[i * 8u + k] > 0.0f)
                off += 0xFFFFFFFFu;
        }
        out[i * 4u + off] += 1.0f; //~ race read-write, race write-write
    }
}

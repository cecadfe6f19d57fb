// expect-verdict: racy
//--blockDim=32 --gridDim=1
// An offset whose update converts its running value to a narrower type is
// not a linear counter: the conversion wraps it. `(unsigned char)(off + 24)`
// runs 0, 24, .., 240 and then 8, off the line `off = 24 * k`; and an offset
// walked beside a row counter wraps back to its first row at the 32nd
// iteration (`(unsigned char)(off + 8)` after 248 is 0), where the second
// half of the block writes. An `int` offset whose sum is computed in
// `unsigned` (`off += 0x80000004u`) wraps without overflowing: 0, then
// -2147483644, then 8 in the third iteration; linking it to the row counter
// as `off = i * 2147483652` would rule that iteration out.

__global__ void wraps_off_its_stride(float *m, float *out) {
    if (threadIdx.x < 16) {
        int off = 0;
        for (int q = 0; q < 40; q++) {
            if (off == 8)
                out[threadIdx.x] = m[threadIdx.x]; //~ race read-write
            off = (unsigned char)(off + 24);
        }
    } else {
        m[threadIdx.x - 16] = 1.0f;
    }
}

__global__ void linked_offset_wraps(float *m, float *out) {
    if (threadIdx.x < 16) {
        int off = 256;
        for (int i = 0; i < 40; i++) {
            out[threadIdx.x] = m[off + threadIdx.x]; //~ race read-write
            off = (unsigned char)(off + 8);
        }
    } else {
        m[threadIdx.x - 16] = 1.0f;
    }
}

__global__ void unsigned_sum_beside_counter(float *m, float *out) {
    if (threadIdx.x < 16) {
        int off = 0;
        for (int i = 0; i < 40; i++) {
            if (i == 2)
                out[threadIdx.x] = m[off - 8 + threadIdx.x]; //~ race read-write
            off += 0x80000004u;
        }
    } else {
        m[threadIdx.x - 16] = 1.0f;
    }
}

int main() {
    float *m, *out;
    cudaMalloc((void **)&m, 4096 * sizeof(float));
    cudaMalloc((void **)&out, 32 * sizeof(float));
    wraps_off_its_stride<<<1, 32>>>(m, out);
    linked_offset_wraps<<<1, 32>>>(m, out);
    unsigned_sum_beside_counter<<<1, 32>>>(m, out);
    return 0;
}

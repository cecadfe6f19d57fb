// expect-verdict: racy
// Twin of serial_sections.cu: block 1's second section starts at index
// 2, which block 0's section also stores to (`out[third]` there,
// `out[first]` here): the numerals of the two indices are equal, so the
// pair goes to the solver, which finds the race across blocks.
#define STEP(k)                                                        \
    v = in[k] * 0.5f + v;                                              \
    if (v > 1.0f) v = v * 0.25f; else v = v + in[(k) + 1];             \
    w = (float)(int)(v * 3.0f) + w;

__device__ void section(const float *in, float *out, int offset) {
    int first, second, third;
    float v = 0.0f, w = 0.0f;
    STEP(0) STEP(2) STEP(4) STEP(6) STEP(8) STEP(10) STEP(12) STEP(14)
    STEP(16) STEP(18) STEP(20) STEP(22) STEP(24) STEP(26) STEP(28) STEP(30)
    STEP(32) STEP(34) STEP(36) STEP(38) STEP(40) STEP(42) STEP(44) STEP(46)
    STEP(48) STEP(50) STEP(52) STEP(54) STEP(56) STEP(58) STEP(60) STEP(62)
    first = offset;
    second = offset + 1;
    third = offset + 2;
    out[first] = v; //~ race
    out[second] = w;
    out[third] = v - w;
}

__global__ void serial_sections(const float *__restrict__ in, float *__restrict__ out) {
    int bx, tx, offset;
    bx = blockIdx.x;
    tx = threadIdx.x;
    if (bx == 0) {
        if (tx == 0) {
            offset = 0;
            section(in, out, offset);
        }
    } else if (bx == 1) {
        if (tx == 0) {
            offset = 3;
            section(in, out, offset);
            offset = 2;
            section(in, out, offset);
        }
    }
}

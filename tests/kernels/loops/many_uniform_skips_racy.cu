// expect-verdict: racy
//--blockDim=64 --gridDim=4
// Ten loops with a barrier, each with two block-uniform skips (`continue`,
// `break`), before a store every thread makes to one address: every skip
// is an `if` both accesses' barrier-interval searches pass, so tracking all
// of them for the pair would multiply the search states by up to 4^20. The
// search tracks a bounded number of them per pair and stays fast; the
// write-write race after the loops stays reported.

#define SKIPPY_LOOP(k)                       \
    for (int i = 0; i < n; ++i) {           \
        if (i == p##k)                      \
            continue;                       \
        if (i == q##k)                      \
            break;                          \
        buf[threadIdx.x] += 1.0f;           \
        __syncthreads();                    \
    }

__global__ void many_skips(float *out, int n, int p0, int q0, int p1, int q1, int p2, int q2,
                           int p3, int q3, int p4, int q4, int p5, int q5, int p6, int q6,
                           int p7, int q7, int p8, int q8, int p9, int q9) {
    __shared__ float buf[64];
    __shared__ float last;
    buf[threadIdx.x] = 0.0f;
    __syncthreads();
    SKIPPY_LOOP(0)
    SKIPPY_LOOP(1)
    SKIPPY_LOOP(2)
    SKIPPY_LOOP(3)
    SKIPPY_LOOP(4)
    SKIPPY_LOOP(5)
    SKIPPY_LOOP(6)
    SKIPPY_LOOP(7)
    SKIPPY_LOOP(8)
    SKIPPY_LOOP(9)
    last = buf[threadIdx.x]; //~ race write-write
    out[blockIdx.x * 64 + threadIdx.x] = buf[threadIdx.x];
}

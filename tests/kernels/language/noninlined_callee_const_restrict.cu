// expect-verdict: race-free
// More calls than the inlining budget (4096 copies): the last calls are
// not inlined and havoc what their pointer arguments reach. `coef` is a
// `const float *__restrict__` kernel parameter, whose data no code may
// write while the kernel runs (C11 6.7.3.1p4), so such a call only reads
// it, as a call to a function without a body does: no race with the other
// threads' reads of `coef`. `acc` is per-thread.
__device__ void leaf(const float *c, float *acc) {
    acc[0] = acc[0] * 0.5f + c[1];
}

__device__ void level1(const float *c, float *acc) {
    leaf(c + 0, acc);
    leaf(c + 1, acc);
    leaf(c + 2, acc);
    leaf(c + 3, acc);
    leaf(c + 4, acc);
    leaf(c + 5, acc);
    leaf(c + 6, acc);
    leaf(c + 7, acc);
}

__device__ void level2(const float *c, float *acc) {
    level1(c + 0, acc);
    level1(c + 1, acc);
    level1(c + 2, acc);
    level1(c + 3, acc);
    level1(c + 4, acc);
    level1(c + 5, acc);
    level1(c + 6, acc);
    level1(c + 7, acc);
}

__device__ void level3(const float *c, float *acc) {
    level2(c + 0, acc);
    level2(c + 1, acc);
    level2(c + 2, acc);
    level2(c + 3, acc);
    level2(c + 4, acc);
    level2(c + 5, acc);
    level2(c + 6, acc);
    level2(c + 7, acc);
}

__device__ void level4(const float *c, float *acc) {
    level3(c + 0, acc);
    level3(c + 1, acc);
    level3(c + 2, acc);
    level3(c + 3, acc);
    level3(c + 4, acc);
    level3(c + 5, acc);
    level3(c + 6, acc);
    level3(c + 7, acc);
}

__global__ void smooth(const float *__restrict__ coef, float *__restrict__ out) {
    float acc[1] = {0.0f};
    level4(coef, acc);
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc[0];
}

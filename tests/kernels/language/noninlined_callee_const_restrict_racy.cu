// expect-verdict: racy
// As noninlined_callee_const_restrict.cu with the store at threadIdx.x only: the
// blocks write the same elements of `out`.
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
    out[threadIdx.x] = acc[0]; //~ race write-write
}

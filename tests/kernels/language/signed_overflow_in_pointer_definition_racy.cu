// expect-verdict: racy
// As signed_overflow_in_pointer_definition.cu with segments of `(n + 31) / 32 * 32`
// elements while each block writes `buf[0 .. 3n+1]`: with n = 32 block 0
// writes glob[32] (its i = 32) and block 1 writes glob[32] (its i = 0).

__global__ void segments_short(int n, int *glob) {
    int *buf = &glob[blockIdx.x * ((n + 31) / 32 * 32)];
    for (int i = threadIdx.x; i < 3 * n + 2; i += blockDim.x)
        buf[i] = i; //~ race
}

// expect-verdict: racy
// language/signed_overflow_in_pointer_definition.cu without the
// index-arithmetic assumption: the unsigned product `blockIdx.x * segment`
// of the pointer definition may wrap modulo 2^32, and a wrapped segment
// start lands inside another block's segment.

__global__ void segments(int n, int *glob) {
    int *buf = &glob[blockIdx.x * ((3 * n + 2 + 31) / 32 * 32)];
    for (int i = threadIdx.x; i < 3 * n + 2; i += blockDim.x)
        buf[i] = i; //~ race
}

// expect-verdict: race-free
// Each block works in its own padded segment of a global buffer, reached
// through a pointer defined from a signed size computed at run time:
// `buf = &glob[blockIdx.x * ((3 * n + 2 + 31) / 32 * 32)]`. The signed
// `3 * n + 33` may not overflow (undefined behaviour), so a segment is at
// least `3 * n + 2` elements long and the blocks' writes `buf[0 .. 3n+1]`
// stay apart.

__global__ void segments(int n, int *glob) {
    int *buf = &glob[blockIdx.x * ((3 * n + 2 + 31) / 32 * 32)];
    for (int i = threadIdx.x; i < 3 * n + 2; i += blockDim.x)
        buf[i] = i;
}

// expect-verdict: racy
// The twin of block_slab_rounded.cu whose last part starts one int later
// (`&px[n + 2]`): with `3 * n + 2` a multiple of 32 (n = 10), the slab is
// `3 * n + 2` ints and the last write of block b (`py[n]`) is the first of
// block b + 1 (`buf[0]`).

__global__ void block_slabs_past_end(int n, int *glob) {
    int *buf = &glob[blockIdx.x * ((3 * n + 2 + 31) / 32 * 32)];
    int *px = &buf[n];
    int *py = &px[n + 2];
    for (int i = threadIdx.x; i < n; i += blockDim.x) buf[i] = i; //~ race write-write
    for (int i = threadIdx.x; i <= n; i += blockDim.x) py[i] = 3 * i; //~ race write-write
}

// expect-verdict: race-free
// Each block owns a slab of `(3 * n + 2 + 31) / 32 * 32` ints of a global
// buffer (three arrays of a block's private state, rounded up to 32: the
// shape of HeCBench tsp's TwoOpt) and its threads stride over the slab's
// three parts. The offset `b * (q * 32) + c` reads as a row `b` of the
// length `32 * q` (the Horner reading with the row's constant factor taken
// into the row length); grouping by `q` alone leaves `32 * b` as the row and
// needs `c < q`, false here.

__global__ void block_slabs(int n, int *glob) {
    int *buf = &glob[blockIdx.x * ((3 * n + 2 + 31) / 32 * 32)];
    int *px = &buf[n];
    int *py = &px[n + 1];
    for (int i = threadIdx.x; i < n; i += blockDim.x) buf[i] = i;
    for (int i = threadIdx.x; i < n; i += blockDim.x) px[i] = 2 * i;
    for (int i = threadIdx.x; i < n; i += blockDim.x) py[i] = 3 * i;
    if (threadIdx.x == 0) {
        px[n] = 0;
        py[n] = 0;
    }
}

// expect-verdict: racy
// Scatters whose targets come from memory: whether two threads write one
// element depends on the contents of an index array (a permutation, sorted
// offsets, unique row ids), which the host fills at run time. Nothing about
// the launch or the parameters excludes two equal entries, so these stay
// racy even with positive sizes stated (`__requires`), whatever premise
// about parameter values is added: rows gathered by `out_rows[op]` (an
// implicit FMA), a segment started at `starts[b]` (per-block segments), a
// slot given by `list[b]` (active-block lists).

__global__ void fma_rows(float *c, const float *a, const int *out_rows, int num_ops, int C, int rows) {
    __requires(num_ops > 0 && C > 0 && rows > 0);
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= num_ops * C) return;
    int op = idx / C;
    int ch = idx % C;
    int row = out_rows[op];
    if (row < 0 || row >= rows) return;
    c[row * C + ch] += a[ch]; //~ race read-write, race write-write
}

__global__ void segments(float *out, const float *in, const int *starts, int len) {
    __requires(len > 0);
    int start = starts[blockIdx.x];
    for (int i = threadIdx.x; i < len; i += blockDim.x) {
        out[start + i] = in[i]; //~ race write-write
    }
}

__global__ void active_blocks(int *flags, const unsigned int *list, unsigned int n) {
    unsigned int slot = blockIdx.x;
    if (slot < n && threadIdx.x == 0) {
        flags[list[slot]] = (int)slot; //~ race write-write
    }
}

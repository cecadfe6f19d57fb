// expect-verdict: race-free
// A 2-D image kernel whose grid the host divides out of the image
// (`dim3 grid((cols - 2) / t, (rows - 2) / t)` with a square block of a run-
// time side t): each thread's column g_col = blockIdx.x * blockDim.x +
// threadIdx.x + 1 stays below cols (the relation's corollary `blockIdx.x *
// blockDim.x + threadIdx.x < cols - 2`), so `g_row * cols + g_col` is one
// thread's own pixel: decided without the solver (the division theorem of
// check/delinear.rs reads the corollary as a fact).
__global__ void edge_rows(const unsigned char *in, unsigned char *out,
                          unsigned char *dir, const int rows, const int cols) {
    const int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    const int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    const int pos = g_row * cols + g_col;
    int v = in[pos - cols] + in[pos + cols] - 2 * in[pos];
    out[pos] = v > 0 ? v : 0;
    if (v < 8)
        dir[pos] = 0;
    else if (v < 64)
        dir[pos] = 45;
    else
        dir[pos] = 90;
}

void run_edges(const unsigned char *in, unsigned char *out, unsigned char *dir,
               int rows, int cols, int threads) {
    dim3 grid((cols - 2) / threads, (rows - 2) / threads);
    dim3 block(threads, threads);
    edge_rows<<<grid, block>>>(in, out, dir, rows, cols);
}

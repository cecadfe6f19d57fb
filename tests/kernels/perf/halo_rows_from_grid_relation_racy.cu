// expect-verdict: racy
// The twin of halo_rows_from_grid_relation.cu whose grid covers two columns
// more than the image (`(cols + 2) / t`): the last column of a row,
// g_col = cols + 1, is column 1 of the next row, another thread's pixel.
__global__ void edge_rows_wide(const unsigned char *in, unsigned char *out,
                               const int rows, const int cols) {
    const int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    const int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    const int pos = g_row * cols + g_col;
    out[pos] = in[pos] / 2; //~ race write-write
}

void run_edges_wide(const unsigned char *in, unsigned char *out, int rows,
                    int cols, int threads) {
    dim3 grid((cols + 2) / threads, (rows - 2) / threads);
    dim3 block(threads, threads);
    edge_rows_wide<<<grid, block>>>(in, out, rows, cols);
}

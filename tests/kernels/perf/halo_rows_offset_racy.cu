// expect-verdict: racy
// The twin of halo_rows_from_grid_relation.cu that writes one pixel to the
// right of its own (`pos + 1`) besides its own: the column below cols does
// not keep a thread's neighbour from being another thread's pixel.
__global__ void edge_rows_shifted(unsigned char *out, const int rows,
                                  const int cols) {
    const int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
    const int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
    const int pos = g_row * cols + g_col;
    out[pos] = 1; //~ race
    out[pos + 1] = 2; //~ race
}

void run_edges_shifted(unsigned char *out, int rows, int cols, int threads) {
    dim3 grid((cols - 2) / threads, (rows - 2) / threads);
    dim3 block(threads, threads);
    edge_rows_shifted<<<grid, block>>>(out, rows, cols);
}

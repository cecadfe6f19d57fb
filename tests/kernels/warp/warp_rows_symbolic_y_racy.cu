// expect-verdict: racy
// The twin of warp_rows_symbolic_y.cu whose warps read the next warp's row:
// the only barrier between the write and the read is __syncwarp(), which
// orders nothing across warps.

__global__ void warp_rows(int n, const int *row_ptr, const float *val, float *out) {
    extern __shared__ float tile[];
    int rid = blockDim.y * blockIdx.x + threadIdx.y;
    int slot = (threadIdx.y << 5) + threadIdx.x;
    int next = (threadIdx.y + 1) % blockDim.y;
    if (rid < n) {
        float acc = 0.0f;
        for (int jj = row_ptr[rid]; jj < row_ptr[rid + 1]; jj += 32) {
            tile[slot] = val[jj + threadIdx.x]; //~ race
            __syncwarp();
            for (int k = 0; k < 32; k++)
                acc += tile[(next << 5) + k]; //~ race
            __syncwarp();
        }
        out[rid * 32 + threadIdx.x] = acc;
    }
}

void launch(int n, int rows, const int *row_ptr, const float *val, float *out) {
    warp_rows<<<dim3((n + rows - 1) / rows, 1, 1), dim3(32, rows, 1), 32 * rows * sizeof(float)>>>(
        n, row_ptr, val, out);
}

// expect-verdict: race-free
// One shared row per warp: the launch gives 32-thread rows (blockDim.x ==
// 32) and a symbolic number of them (blockDim.y), the z extent 1. Each warp
// fills its row, __syncwarp(), and reads the whole row back: threads of
// different warps never share a row, those of one warp are ordered by the
// warp barrier. The warp relation of two threads reads their linear ids
// `x + 32 * y` (z, of extent 1, left out).

__global__ void warp_rows(int n, const int *row_ptr, const float *val, float *out) {
    extern __shared__ float tile[];
    int rid = blockDim.y * blockIdx.x + threadIdx.y;
    int slot = (threadIdx.y << 5) + threadIdx.x;
    if (rid < n) {
        float acc = 0.0f;
        for (int jj = row_ptr[rid]; jj < row_ptr[rid + 1]; jj += 32) {
            tile[slot] = val[jj + threadIdx.x];
            __syncwarp();
            for (int k = 0; k < 32; k++)
                acc += tile[(threadIdx.y << 5) + k];
            __syncwarp();
        }
        out[rid * 32 + threadIdx.x] = acc;
    }
}

void launch(int n, int rows, const int *row_ptr, const float *val, float *out) {
    warp_rows<<<dim3((n + rows - 1) / rows, 1, 1), dim3(32, rows, 1), 32 * rows * sizeof(float)>>>(
        n, row_ptr, val, out);
}

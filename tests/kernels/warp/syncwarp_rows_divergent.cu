// expect-verdict: divergent
//--blockDim=[16,4] --gridDim=8
// The twin of syncwarp_rows.cu with 16-thread rows: a warp holds two rows,
// whose loop bounds differ, so some lanes of a warp reach the __syncwarp()
// that others skip.

__global__ void rows(int n, const int *row_ptr, const float *val, float *out) {
    __shared__ float tile[4][16];
    int rid = blockDim.y * blockIdx.x + threadIdx.y;
    if (rid < n) {
        int lb = row_ptr[rid];
        int hb = row_ptr[rid + 1];
        float acc = 0.0f;
        for (int jj = lb; jj < hb; jj += 16) {
            tile[threadIdx.y][threadIdx.x] = val[jj + threadIdx.x];
            __syncwarp(); //~ divergence
            acc += tile[threadIdx.y][15 - threadIdx.x];
            __syncwarp(); //~ divergence
        }
        out[rid * 16 + threadIdx.x] = acc;
    }
}

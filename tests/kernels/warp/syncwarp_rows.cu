// expect-verdict: race-free
//--blockDim=[32,4] --gridDim=8
// Each warp is one row of the block (blockDim.x is 32), so `threadIdx.y`
// is the same in all of a warp's threads: the row's loop bound, read from
// memory at the row's index, and the `rid < n` test are the same in the
// whole warp, and every lane reaches each __syncwarp() together. The tile
// row of each warp is its own.

__global__ void rows(int n, const int *row_ptr, const float *val, float *out) {
    __shared__ float tile[4][32];
    int rid = blockDim.y * blockIdx.x + threadIdx.y;
    if (rid < n) {
        int lb = row_ptr[rid];
        int hb = row_ptr[rid + 1];
        float acc = 0.0f;
        for (int jj = lb; jj < hb; jj += 32) {
            tile[threadIdx.y][threadIdx.x] = val[jj + threadIdx.x];
            __syncwarp();
            acc += tile[threadIdx.y][31 - threadIdx.x];
            __syncwarp();
        }
        out[rid * 32 + threadIdx.x] = acc;
    }
}

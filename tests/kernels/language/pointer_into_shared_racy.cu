// expect-verdict: racy
//--blockDim=[16,8] --gridDim=1

__global__ void rotate_rows_unsynced(float *out) {
    __shared__ float grid[8][16];
    float *row = grid[threadIdx.y];
    row[threadIdx.x] = (float)(threadIdx.y * 16 + threadIdx.x);
    float right = row[(threadIdx.x + 1) % 16]; //~ race read-write
    out[threadIdx.y * 16 + threadIdx.x] = right;
}

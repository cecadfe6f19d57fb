// expect-verdict: race-free
//--blockDim=[16,8] --gridDim=1
// Pointers into a shared array resolve to the array plus an offset.

__global__ void rotate_rows(float *out) {
    __shared__ float grid[8][16];
    float *row = &grid[threadIdx.y][0];
    row[threadIdx.x] = (float)(threadIdx.y * 16 + threadIdx.x);
    __syncthreads();
    float right = row[(threadIdx.x + 1) % 16];
    out[threadIdx.y * 16 + threadIdx.x] = right;
}

// expect-verdict: race-free
//--blockDim=[128,4] --gridDim=[64]
// One partial sum per warp, stored by the warp's lane 0 in a row per
// `threadIdx.y` (`laneId == 0`, `warpLevelSums[threadIdx.y][warpId]`), in
// the `% 32` / `/ 32` form and the `& 31` / `>> 5` form: the lane guard and
// the warp column together pin `threadIdx.x`.

__global__ void warp_partials(float *out, const float *in) {
    __shared__ float warpLevelSums[4][32];
    float sum = in[blockIdx.x * 512 + threadIdx.y * 128 + threadIdx.x];
    const int laneId = threadIdx.x % 32;
    const int warpId = threadIdx.x / 32;
    if (laneId == 0) warpLevelSums[threadIdx.y][warpId] = sum;
    __syncthreads();
    sum = (threadIdx.x < blockDim.x / 32) ? warpLevelSums[threadIdx.y][laneId] : 0.0f;
    if (threadIdx.x == 0) out[blockIdx.x * 4 + threadIdx.y] = sum;
}

__global__ void warp_partials_bits(float *out, const float *in) {
    __shared__ float partial[4][32];
    unsigned lane = threadIdx.x & 31;
    unsigned warp = threadIdx.x >> 5;
    if (lane == 0) partial[threadIdx.y][warp] = in[blockIdx.x];
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) out[blockIdx.x] = partial[1][2];
}

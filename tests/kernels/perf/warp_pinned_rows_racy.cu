// expect-verdict: racy
//--blockDim=[128,4] --gridDim=[64]
// Twins of warp_pinned_rows.cu where two threads meet: each race is real.

// Warp ids of 64 threads: lanes 0 of threads 0 and 32 share column 0.
__global__ void warp_of_64_threads(float *out, const float *in) {
    __shared__ float warpLevelSums[4][32];
    const int laneId = threadIdx.x % 32;
    const int warpId = threadIdx.x / 64;
    if (laneId == 0) warpLevelSums[threadIdx.y][warpId] = in[threadIdx.x]; //~ race write-write
}

// Two lanes per warp store: lanes 0 and 1 share their warp's column.
__global__ void two_lanes_store(float *out, const float *in) {
    __shared__ float warpLevelSums[4][32];
    const int laneId = threadIdx.x % 32;
    const int warpId = threadIdx.x / 32;
    if (laneId < 2) warpLevelSums[threadIdx.y][warpId] = in[threadIdx.x]; //~ race write-write
}

// The row is not indexed by threadIdx.y: lane 0 of warp w in every row.
__global__ void row_left_out(float *out, const float *in) {
    __shared__ float partial[32];
    unsigned lane = threadIdx.x & 31;
    unsigned warp = threadIdx.x >> 5;
    if (lane == 0) partial[warp] = in[threadIdx.x]; //~ race write-write
}

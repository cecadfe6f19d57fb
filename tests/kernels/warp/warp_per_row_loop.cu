// expect-verdict(warp_per_row_shfl): race-free
// expect-verdict(warp_per_row_shift): race-free
// expect-verdict(warp_per_row_from_lane): divergent
// expect-verdict(warp_per_row_lane_bound): divergent
// expect-verdict(warp_per_row_lane_break): divergent
//--blockDim=256 --gridDim=64
// A warp-per-row grid-stride loop (CSR SpMV "vector", GEMV): the counter
// starts at the global warp index `(blockIdx.x * blockDim.x + threadIdx.x)
// / 32`, the same in the 32 lanes of a warp when blockDim.x is a multiple
// of 32, and moves by a uniform stride to a uniform bound: every lane runs
// the same iterations, so the full-mask shuffle is reached by all of them.
// The twins start the counter at a lane-dependent value, bound it by one,
// or leave the loop on a lane-dependent condition: really divergent.

__global__ void warp_per_row_shfl(const float *a, float *y, int n) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int nw = (gridDim.x * blockDim.x) / 32;
    for (int r = warp; r < n; r += nw) {
        float s = a[r * 32 + threadIdx.x % 32];
        s += __shfl_xor_sync(0xffffffff, s, 16);
        if (threadIdx.x % 32 == 0) y[r] = s;
    }
}

__global__ void warp_per_row_shift(const float *a, float *y, int n) {
    int warp = (threadIdx.x + blockDim.x * blockIdx.x) >> 5;
    int nw = (gridDim.x * blockDim.x) >> 5;
    for (int r = warp; r < n; r += nw) {
        float s = a[r * 32 + threadIdx.x % 32];
        for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffff, s, off);
        if (threadIdx.x % 32 == 0) y[r] = s;
    }
}

__global__ void warp_per_row_from_lane(const float *a, float *y, int n) {
    int nw = (gridDim.x * blockDim.x) / 32;
    for (int r = threadIdx.x; r < n; r += nw) {
        float s = a[r * 32 + threadIdx.x % 32];
        s += __shfl_xor_sync(0xffffffff, s, 16); //~ divergence
        if (threadIdx.x % 32 == 0) y[r] = s; //~ race
    }
}

__global__ void warp_per_row_lane_bound(const float *a, float *y, int n) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int nw = (gridDim.x * blockDim.x) / 32;
    for (int r = warp; r < n - (int)(threadIdx.x % 32); r += nw) {
        float s = a[r * 32 + threadIdx.x % 32];
        s += __shfl_xor_sync(0xffffffff, s, 16); //~ divergence
        if (threadIdx.x % 32 == 0) y[r] = s;
    }
}

__global__ void warp_per_row_lane_break(const float *a, float *y, int n) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int nw = (gridDim.x * blockDim.x) / 32;
    for (int r = warp; r < n; r += nw) {
        float s = a[r * 32 + threadIdx.x % 32];
        if (s < 0.0f) break;
        s += __shfl_xor_sync(0xffffffff, s, 16); //~ divergence
        if (threadIdx.x % 32 == 0) y[r] = s;
    }
}

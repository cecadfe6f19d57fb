// expect-verdict(syncwarp_between): race-free
// expect-verdict(no_syncwarp_between): race-free
// expect-verdict(shuffles_order_nothing): racy
// expect-verdict(lane_condition): divergent
//--blockDim=128 --gridDim=4
// WarpReduce of a whole warp: cub exchanges through shuffles only, which
// every lane must reach but which order no memory (the temp storage is
// not used: reusing it needs no `__syncwarp()`).
#include <cub/cub.cuh>

__global__ void syncwarp_between(const float *in, float *out) {
    using WarpReduce = cub::WarpReduce<float>;
    __shared__ typename WarpReduce::TempStorage temp[4];
    int warp = threadIdx.x / 32;
    float x = in[blockIdx.x * 128 + threadIdx.x];
    float m = WarpReduce(temp[warp]).Reduce(x, cub::Max());
    __syncwarp();
    float s = WarpReduce(temp[warp]).Sum(x - m);
    if (threadIdx.x % 32 == 0) {
        out[blockIdx.x * 4 + warp] = s;
    }
}

__global__ void no_syncwarp_between(const float *in, float *out) {
    using WarpReduce = cub::WarpReduce<float>;
    __shared__ typename WarpReduce::TempStorage temp[4];
    int warp = threadIdx.x / 32;
    float x = in[blockIdx.x * 128 + threadIdx.x];
    float m = WarpReduce(temp[warp]).Reduce(x, cub::Max());
    float s = WarpReduce(temp[warp]).Sum(x - m);
    if (threadIdx.x % 32 == 0) {
        out[blockIdx.x * 4 + warp] = s;
    }
}

__global__ void shuffles_order_nothing(const float *in, float *out) {
    using WarpReduce = cub::WarpReduce<float>;
    __shared__ typename WarpReduce::TempStorage temp[4];
    __shared__ float staged[128];
    int warp = threadIdx.x / 32;
    float x = in[blockIdx.x * 128 + threadIdx.x];
    staged[threadIdx.x] = x; //~ race write-read
    float s = WarpReduce(temp[warp]).Sum(x);
    out[blockIdx.x * 128 + threadIdx.x] = s + staged[threadIdx.x ^ 1]; //~ race read-write
}

__global__ void lane_condition(const float *in, float *out) {
    using WarpReduce = cub::WarpReduce<float>;
    __shared__ typename WarpReduce::TempStorage temp[4];
    int warp = threadIdx.x / 32;
    float x = in[blockIdx.x * 128 + threadIdx.x];
    float s = 0.0f;
    if (threadIdx.x % 32 < 16) {
        s = WarpReduce(temp[warp]).Sum(x); //~ divergence
    }
    if (threadIdx.x % 32 == 0) {
        out[blockIdx.x * 4 + warp] = s;
    }
}

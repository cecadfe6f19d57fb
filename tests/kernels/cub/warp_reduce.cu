// expect-verdict(syncwarp_between): race-free
// expect-verdict(no_syncwarp_between): racy
// expect-verdict(lane_condition): divergent
//--blockDim=128 --gridDim=4
// Warp collectives: one temp storage per warp, a warp barrier inside;
// reusing the storage needs `__syncwarp()` between.
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
    float m = WarpReduce(temp[warp]).Reduce(x, cub::Max()); //~ race read-write
    float s = WarpReduce(temp[warp]).Sum(x - m); //~ race write-read
    if (threadIdx.x % 32 == 0) {
        out[blockIdx.x * 4 + warp] = s;
    }
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

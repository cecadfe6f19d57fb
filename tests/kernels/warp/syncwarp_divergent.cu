// expect-verdict: divergent
//--blockDim=64 --gridDim=1
// __syncwarp() with the full mask must be reached by every thread of the warp.

__global__ void odd_lanes_sync(int *out) {
    __shared__ int s[64];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    if (tid % 2 == 1) {
        __syncwarp(); //~ divergence
    }
    __syncthreads();
    out[tid] = s[63 - tid];
}

// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// Whole blocks leave together, so the barrier stays non-divergent; the other
// threads clamp their index instead of leaving.

__global__ void guarded_smooth_fixed(const float *in, float *out, int n) {
    __shared__ float tile[256];
    if (blockIdx.x * blockDim.x >= n)
        return;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool inside = i < n;
    tile[threadIdx.x] = inside ? in[i] : 0.0f;
    __syncthreads();
    if (inside)
        out[i] = tile[(threadIdx.x + 1) % 256];
}

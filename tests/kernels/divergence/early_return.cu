// expect-verdict: divergent
//--blockDim=256 --gridDim=8
// The classic bounds check: threads past the end leave, the rest wait at a
// barrier they can never pass together.

__global__ void guarded_smooth(const float *in, float *out, int n) {
    __shared__ float tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    tile[threadIdx.x] = in[i];
    __syncthreads(); //~ divergence
    out[i] = tile[(threadIdx.x + 1) % 256];
}

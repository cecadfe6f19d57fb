// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// The condition depends on a parameter and the block index only: uniform in a block.

__global__ void uniform_sync(int *out, int n) {
    __shared__ int s[65];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    if (n > 0 && blockIdx.x != 2) {
        __syncthreads();
        out[blockIdx.x * blockDim.x + tid] = s[(tid + 1) % 64];
    }
}

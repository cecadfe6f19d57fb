// expect-verdict: race-free
// No launch configuration is given, but __launch_bounds__ caps a block at 64
// threads, so the linear thread index modulo 64 is unique in a block.

__global__ void __launch_bounds__(64) fold_bounded(int *out) {
    __shared__ int s[64];
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    s[t % 64] = (int)t;
    __syncthreads();
    if (t == 0) {
        out[blockIdx.x] = s[0] + s[63];
    }
}

// expect-verdict: racy
// Without __launch_bounds__ a block may have up to 1024 threads: threads t and
// t+64 store to the same slot.

__global__ void fold_unbounded(int *out) {
    __shared__ int s[64];
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    s[t % 64] = (int)t; //~ race write-write
    __syncthreads();
    if (t == 0) {
        out[blockIdx.x] = s[0] + s[63];
    }
}

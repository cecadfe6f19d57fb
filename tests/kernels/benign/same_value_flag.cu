// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// Several threads may set the flag, but all store the same value.

__global__ void any_negative(const int *in, int *out) {
    __shared__ int flag[1];
    unsigned tid = threadIdx.x;
    if (tid == 0) {
        flag[0] = 0;
    }
    __syncthreads();
    if (in[blockIdx.x * blockDim.x + tid] < 0) {
        flag[0] = 1; //~ benign-race
    }
    __syncthreads();
    if (tid == 0) {
        out[blockIdx.x] = flag[0];
    }
}

// expect-verdict: racy
//--blockDim=256 --gridDim=64

__global__ void reduce_sequential_unsynced(const float *in, float *out) {
    __shared__ float sdata[256];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s]; //~ race
        }
    }
    __syncthreads();
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}

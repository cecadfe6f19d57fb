// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// expect-padding(sdata): none
// Sequential addressing: consecutive lanes touch consecutive words at every
// step (s = 128, 64, ..., 1), so no access conflicts.

__global__ void reduce_sequential(const float *in, float *out) {
    __shared__ float sdata[256];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

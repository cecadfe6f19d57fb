// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// Tree reduction with interleaved addressing, one barrier per step.

__global__ void reduce_interleaved(const int *in, int *out) {
    __shared__ int sdata[256];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = in[i];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}

// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// expect-padding(sdata): remap / 32
// Interleaved-addressing reduction: at step s lanes touch words 2*s*tid, a
// stride of 2s words. s = 1: 2-way; s = 2: 4-way; s = 4, 8, 16: 8-way (fewer
// lanes stay active as s grows); the worst step is 8-way.

__global__ void reduce_strided(const int *in, int *out) {
    __shared__ int sdata[256];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        unsigned index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s]; //~ bank-conflict 8
        }
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

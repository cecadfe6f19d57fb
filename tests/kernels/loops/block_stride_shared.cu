// expect-verdict: race-free
//--blockDim=100 --gridDim=2
// Block-stride loops give each thread the indices congruent to its id modulo
// blockDim.x, so no two threads touch the same element.

__global__ void block_stride_fill(float *out, unsigned n) {
    __shared__ float buf[1024];
    for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x) {
        buf[i] = 0.0f;
    }
    __syncthreads();
    for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x) {
        buf[i] += (float)i;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        out[blockIdx.x] = buf[n % 1024];
    }
}

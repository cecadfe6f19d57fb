// expect-verdict: race-free
//--blockDim=128 --gridDim=1

__global__ void reset_then_count(unsigned *out) {
    __shared__ unsigned counter;
    if (threadIdx.x == 0) {
        counter = 0;
    }
    __syncthreads();
    atomicAdd(&counter, 1u);
    __syncthreads();
    out[threadIdx.x] = counter;
}

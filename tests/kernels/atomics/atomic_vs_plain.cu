// expect-verdict: racy
//--blockDim=128 --gridDim=1
// Thread 0 resets the counter while other threads still increment it.

__global__ void count_then_reset(unsigned *out) {
    __shared__ unsigned counter;
    atomicAdd(&counter, 1u);
    if (threadIdx.x == 0) {
        counter = 0; //~ race atomic-vs-plain
    }
    __syncthreads();
    out[threadIdx.x] = counter;
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Threads with work left keep the whole block looping: __syncthreads_or gives
// every thread the same answer, so the barriers inside are reached by all.

__global__ void drain_until_idle(int *out, const int *in) {
    __shared__ int s[64];
    int work = in[threadIdx.x];
    s[threadIdx.x] = 0;
    while (__syncthreads_or(work > 0)) {
        out[threadIdx.x] += s[threadIdx.x ^ 1];
        __syncthreads();
        s[threadIdx.x] = work;
        work--;
    }
}

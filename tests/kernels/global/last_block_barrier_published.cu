// expect-verdict: race-free
//--blockDim=64 --gridDim=16
// The last-block idiom where every thread stores its own partial result: a
// `__syncthreads()` separates the stores from thread 0's fence and ticket, so
// they happen before the ticket too, and the last block may read them all.

__global__ void gather_all(const float *in, float *partial, unsigned *tickets, float *out) {
    __shared__ bool last;
    unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;
    partial[g] = 2.0f * in[g];
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        unsigned int ticket = atomicAdd(tickets, 1); //~ assumption
        last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (last) {
        float s = 0.0f;
        for (unsigned int j = threadIdx.x; j < gridDim.x * blockDim.x; j += blockDim.x)
            s += partial[j];
        out[threadIdx.x] = s;
        if (threadIdx.x == 0)
            *tickets = 0;
    }
}

// expect-verdict: racy
//--blockDim=64 --gridDim=16
// Twin of last_block_barrier_published.cu without the barrier between the
// stores and thread 0's fence: thread 0's fence and ticket do not order the
// other threads' stores, so the last block may read one before it lands.

__global__ void gather_all(const float *in, float *partial, unsigned *tickets, float *out) {
    __shared__ bool last;
    unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;
    partial[g] = 2.0f * in[g]; //~ race
    if (threadIdx.x == 0) {
        __threadfence();
        unsigned int ticket = atomicAdd(tickets, 1);
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

// expect-verdict: racy
//--blockDim=64 --gridDim=16
// The last-block idiom run twice in a loop: the counter is reused, and a
// block may store its second-round result while the last block of the first
// round still reads the first-round results.

__global__ void two_rounds(const float *in, float *partial, unsigned *tickets, float *out) {
    __shared__ bool last;
    for (int round = 0; round < 2; ++round) {
        if (threadIdx.x == 0) {
            partial[blockIdx.x] = in[round * gridDim.x + blockIdx.x]; //~ race
            __threadfence();
            unsigned int ticket = atomicInc(tickets, gridDim.x); //~ race
            last = (ticket == gridDim.x - 1);
        }
        __syncthreads();
        if (last) {
            if (threadIdx.x == 0) {
                float s = 0.0f;
                for (unsigned int j = 0; j < gridDim.x; ++j)
                    s += partial[j];
                out[round] = s; //~ race
                *tickets = 0; //~ race, benign-race
            }
        }
        __syncthreads();
    }
}

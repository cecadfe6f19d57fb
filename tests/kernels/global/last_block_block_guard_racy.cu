// expect-verdict: racy
//--blockDim=64 --gridDim=16
// The last-block idiom inside `if (blockIdx.x + n > 2)`, which need not take
// the same branch in every block (n = 1: blocks 0 and 1 skip it). Then only
// gridDim.x - 2 tickets are taken and no block passes the test, but the
// counter is left at gridDim.x - 2 instead of 0: in the next launch the last
// ticket goes to a block that may read before the other blocks' results are
// stored. The idiom's argument needs every block to take exactly one ticket.

__global__ void guarded(const float *in, float *partial, unsigned *tickets, float *out, int n) {
    __shared__ bool last;
    if (blockIdx.x + n > 2) {
        if (threadIdx.x == 0) {
            partial[blockIdx.x] = in[blockIdx.x]; //~ race
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
                *out = s; //~ race
                *tickets = 0; //~ race, benign-race
            }
        }
    }
}

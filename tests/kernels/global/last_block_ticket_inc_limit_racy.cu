// expect-verdict: racy
//--blockDim=256 --gridDim=64
// The Programming Guide's last-block reduction ("Memory Fence Functions"):
// thread 0 of each block publishes its partial sum, fences, takes a ticket;
// the block that takes the last ticket reads every block's partial sum.
// Twin of last_block_ticket.cu: the ticket's wrap limit is a parameter. With a
// limit below gridDim.x - 1, atomicInc wraps before the last ticket: no block is
// last, the reset never runs, and the next launch starts from a non-zero count,
// so its "last" block reads partial sums other blocks have not written yet.

__global__ void block_totals(const float *in, float *partial, unsigned *tickets,
                             float *total, int n,
                             unsigned limit) {
    __shared__ float acc;
    __shared__ bool last;
    unsigned t = threadIdx.x;
    if (t == 0)
        acc = 0.0f;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + t;
    if (i < n)
        atomicAdd(&acc, in[i]);
    __syncthreads();
    if (t == 0) {
        partial[blockIdx.x] = acc; //~ race
        __threadfence();
        unsigned ticket = atomicInc(tickets, limit); //~ race
        last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (last) {
        if (t == 0) {
            float s = 0.0f;
            for (unsigned b = 0; b < gridDim.x; ++b)
                s += partial[b];
            *total = s; //~ race
            *tickets = 0; //~ benign-race
        }
    }
}

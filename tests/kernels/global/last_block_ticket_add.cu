// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// The Programming Guide's last-block reduction ("Memory Fence Functions"):
// thread 0 of each block publishes its partial sum, fences, takes a ticket;
// the block that takes the last ticket reads every block's partial sum.
// Assumes `tickets[0]` is 0 at launch (the last block resets it). Here the
// ticket is `atomicAdd(tickets, 1)` compared with a local copy of gridDim.x.

__global__ void block_totals(const float *in, volatile float *partial, unsigned *tickets,
                             float *total, int n) {
    __shared__ float acc;
    __shared__ bool last;
    unsigned t = threadIdx.x;
    unsigned blocks = gridDim.x;
    if (t == 0)
        acc = 0.0f;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + t;
    if (i < n)
        atomicAdd(&acc, in[i]);
    __syncthreads();
    if (t == 0) {
        partial[blockIdx.x] = acc;
        __threadfence();
        unsigned ticket = atomicAdd(tickets, 1); //~ assumption
        last = (ticket == (blocks - 1));
    }
    __syncthreads();
    if (last) {
        if (t == 0) {
            float s = 0.0f;
            for (unsigned b = 0; b < gridDim.x; ++b)
                s += partial[b];
            *total = s;
            *tickets = 0;
        }
    }
}

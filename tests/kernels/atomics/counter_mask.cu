// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Distinct counter values can still share their low three bits: tickets 0
// and 8 pick the same slot (also when the counter runs below zero).

__global__ void ticket_slots(int *out) {
    __shared__ int tickets;
    int mine = atomicSub(&tickets, 1);
    out[mine & 7] = threadIdx.x; //~ race write-write
}

// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// A counter only ever incremented hands every thread its own slot.

__global__ void claim_slot(int *out, const int *in) {
    __shared__ unsigned int next;
    if (threadIdx.x == 0) {
        next = 0;
    }
    __syncthreads();
    unsigned int mine = atomicAdd(&next, 1u);
    out[mine] = in[threadIdx.x];
}

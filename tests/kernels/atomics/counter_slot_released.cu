// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The slot is given back right away: the next thread may get the same slot
// from the counter, and both store to it.

__global__ void claim_and_release(int *out, const int *in) {
    __shared__ unsigned int next;
    if (threadIdx.x == 0) {
        next = 0;
    }
    __syncthreads();
    unsigned int mine = atomicAdd(&next, 1u);
    atomicSub(&next, 1u);
    out[mine] = in[threadIdx.x]; //~ race write-write
}

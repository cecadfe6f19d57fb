// expect-verdict: divergent
//--blockDim=64 --gridDim=1
// Only the first warp reaches the barrier.

__global__ void first_warp_syncs(int *out) {
    __shared__ int s[64];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    if (tid < 32) {
        __syncthreads(); //~ divergence
    }
    out[tid] = tid;
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Pre-Volta code that relies on the threads of a warp running in lockstep.
// Since Volta the warp may diverge, so this is a race.

__global__ void warp_shift(int *out) {
    __shared__ int s[65];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    __syncthreads();
    if (tid < 32) {
        int v = s[tid + 1]; //~ race read-write
        s[tid] = v;
    }
    __syncthreads();
    out[tid] = s[tid];
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=1 --warp-sync
// The same legacy code, checked under warp-synchronous semantics.

__global__ void warp_shift(int *out) {
    __shared__ int s[65];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    __syncthreads();
    if (tid < 32) {
        int v = s[tid + 1];
        s[tid] = v;
    }
    __syncthreads();
    out[tid] = s[tid];
}

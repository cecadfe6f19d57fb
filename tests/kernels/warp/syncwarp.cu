// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The modern form: __syncwarp between the dependent accesses of one warp.

__global__ void warp_shift_synced(int *out) {
    __shared__ int s[65];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    __syncthreads();
    if (tid < 32) {
        int v = s[tid + 1];
        __syncwarp();
        s[tid] = v;
    }
    __syncthreads();
    out[tid] = s[tid];
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A pointer to one of two locals: the store through it may change `lo`, so
// the guarded store below runs in many threads (even ones, with lo = tid).

__global__ void pick_local(int *out) {
    __shared__ int s[64];
    int lo = 0, hi = 0;
    int *dst = &lo;
    if (threadIdx.x & 1) {
        dst = &hi;
    }
    *dst = threadIdx.x;
    if (lo != 0) {
        s[0] = threadIdx.x; //~ race write-write
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

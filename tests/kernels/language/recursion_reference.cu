// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A recursive callee with a reference parameter: the call that is not
// inlined may change `slot`, so `s[slot]` may be any element.

__device__ void reset(int &r, int depth) {
    if (depth == 0) {
        r = 0;
    } else {
        reset(r, depth - 1);
    }
}

__global__ void recursive_reference(int *out) {
    __shared__ int s[64];
    int slot = threadIdx.x;
    reset(slot, 1);
    s[slot] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

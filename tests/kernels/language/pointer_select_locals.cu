// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `c ? &lo : &hi` may point to either local: the store through it may
// change `lo`, so `s[lo]` is any element in any thread.

__global__ void select_local(int *out, int c) {
    __shared__ int s[64];
    int lo = threadIdx.x, hi = threadIdx.x;
    int *dst = c ? &lo : &hi;
    *dst = 0;
    s[lo] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + hi;
}

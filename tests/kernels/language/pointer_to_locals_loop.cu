// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The pointer moves to another local after the first iteration: the second
// store changes `second`, which then guards a shared store.

__global__ void rotate_local(int *out) {
    __shared__ int s[64];
    int first = 0, second = 0;
    int *dst = &first;
    for (int i = 0; i < 2; ++i) {
        *dst = threadIdx.x;
        dst = &second;
    }
    if (second != 0) {
        s[0] = threadIdx.x; //~ race write-write
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

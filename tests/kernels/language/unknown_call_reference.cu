// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Functions without a definition: `exchange` takes references (declared),
// so it may write both elements; `undeclared` has no declaration at all, so
// its argument may be a non-const reference too.

__device__ void exchange(int &a, int &b);

__global__ void unknown_reference(int *out) {
    __shared__ int s[64];
    s[threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    if (threadIdx.x < 63) {
        exchange(s[threadIdx.x], s[threadIdx.x + 1]); //~ race, race, race
    }
    __syncthreads();
    int slot = threadIdx.x;
    undeclared(slot);
    s[slot] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

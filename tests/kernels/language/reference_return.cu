// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A function returning a reference is inlined returning the object's
// address: assignments through it write the element it refers to, and
// neighbouring threads share one.

__device__ int &element(int *a, int i) { return a[i]; }

__global__ void reference_return(int *out) {
    __shared__ int s[64];
    element(s, threadIdx.x / 2) = threadIdx.x; //~ race write-write, race write-read, race write-write
    int &mine = element(s, threadIdx.x);
    mine += 1;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

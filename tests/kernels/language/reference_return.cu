// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// A function returning a reference used as the object of an assignment:
// the write goes to the memory it refers to, which is not modelled; no
// verdict rather than a dropped write.

__device__ int &element(int *a, int i) { return a[i]; }

__global__ void reference_return(int *out) {
    __shared__ int s[64];
    element(s, threadIdx.x / 2) = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

// Declared only: the object it refers to is unknown.
__device__ int &slot_of(int i);

__global__ void declared_reference_return(int *out) {
    slot_of(threadIdx.x / 2) = threadIdx.x;
    out[threadIdx.x] = slot_of(threadIdx.x);
}

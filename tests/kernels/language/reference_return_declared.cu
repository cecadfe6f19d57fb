// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// Declared only: the object the returned reference refers to is unknown, so
// the assignment through it cannot be modelled; no verdict.

__device__ int &slot_of(int i);

__global__ void declared_reference_return(int *out) {
    slot_of(threadIdx.x / 2) = threadIdx.x;
    out[threadIdx.x] = slot_of(threadIdx.x);
}

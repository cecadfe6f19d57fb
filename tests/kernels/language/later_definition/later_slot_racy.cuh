// expect-verdict: racy
// Twin of later_slot.cuh: the definition later in the translation unit
// (later_slot_defs.cuh) gives every thread slot 0, so all threads write
// buf[0]: the race must be reported.

__device__ unsigned first_slot(unsigned t);

__global__ void later_slot_racy(float *out) {
    __shared__ float buf[64];
    buf[first_slot(threadIdx.x)] = (float)threadIdx.x; //~ race write-write
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = buf[0];
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=2
// The twin of pointer_loaded_from_shared_racy.cu where one thread of the
// grid writes through the pointer.

__global__ void via_shared_pointer(float *out) {
    __shared__ float *ptr;
    if (threadIdx.x == 0) {
        ptr = out;
    }
    __syncthreads();
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        ptr[0] = 1.f;
    }
}

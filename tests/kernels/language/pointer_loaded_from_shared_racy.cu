// expect-verdict: racy
//--blockDim=64 --gridDim=2
// A pointer kept in shared memory may hold a global address: thread 0 of
// each block stores `out` there, and both blocks' thread 0 write out[0].

__global__ void via_shared_pointer_racy(float *out) {
    __shared__ float *ptr;
    if (threadIdx.x == 0) {
        ptr = out;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        ptr[0] = (float)blockIdx.x; //~ race write-write
    }
}

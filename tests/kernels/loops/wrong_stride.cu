// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A unit stride makes every thread sweep the elements of all higher threads.

__global__ void unit_stride_fill(int *out) {
    __shared__ int buf[256];
    for (unsigned i = threadIdx.x; i < 256; i++) {
        buf[i] = (int)threadIdx.x; //~ race write-write
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}

// The exchange is in a device function's top-level statements (inlined into the kernel's
// statement list): the barrier goes between them, in the function.
__device__ int exchange(int *buf, int v) {
    buf[threadIdx.x] = v;
    int w = buf[(threadIdx.x + 1) % blockDim.x];
    return w;
}

__global__ void exchange_kernel(int *out, const int *in) {
    __shared__ int buf[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = exchange(buf, in[i]);
}

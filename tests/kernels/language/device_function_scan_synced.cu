// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// A naive scan in a device function with its two barriers in the function's loop
// (what `fix` writes there for a stripped copy), called twice by the kernel.

__device__ unsigned int scan_inclusive(unsigned int v, unsigned int *buf, unsigned int size) {
    unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
    buf[pos] = 0;
    pos += size;
    buf[pos] = v;
    for (unsigned int offset = 1; offset < size; offset <<= 1) {
        __syncthreads();
        unsigned int t = buf[pos] + buf[pos - offset];
        __syncthreads();
        buf[pos] = t;
    }
    return buf[pos];
}

__global__ void scan_twice(unsigned int *out, const unsigned int *in) {
    __shared__ unsigned int buf[128];
    __shared__ unsigned int other[128];
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int a = scan_inclusive(in[i], buf, 64);
    out[i] = scan_inclusive(a, other, 64);
}

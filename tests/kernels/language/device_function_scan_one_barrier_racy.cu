// expect-verdict: racy
//--blockDim=64 --gridDim=4
// device_function_scan_synced.cu without the barrier between the read of the
// neighbour and the write: a thread writes buf[pos] while the next one reads it
// as buf[pos - offset] in the same step.

__device__ unsigned int scan_inclusive(unsigned int v, unsigned int *buf, unsigned int size) {
    unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
    buf[pos] = 0;
    pos += size;
    buf[pos] = v;
    for (unsigned int offset = 1; offset < size; offset <<= 1) {
        __syncthreads();
        unsigned int t = buf[pos] + buf[pos - offset]; //~ race read-write
        buf[pos] = t; //~ race write-read
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

// A scan in a device function, called twice, without its barriers: both go inside the
// function's loop, each written once for the two calls.
__device__ unsigned int scan_inclusive(unsigned int v, unsigned int *buf, unsigned int size) {
    unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
    buf[pos] = 0;
    pos += size;
    buf[pos] = v;
    for (unsigned int offset = 1; offset < size; offset <<= 1) {
        unsigned int t = buf[pos] + buf[pos - offset];
        buf[pos] = t;
    }
    return buf[pos];
}

__global__ void scan_twice(unsigned int *out, const unsigned int *in) {
    __shared__ unsigned int buf[16];
    __shared__ unsigned int other[16];
    unsigned int i = threadIdx.x;
    unsigned int a = scan_inclusive(in[i], buf, 8);
    out[i] = scan_inclusive(a, other, 8);
}

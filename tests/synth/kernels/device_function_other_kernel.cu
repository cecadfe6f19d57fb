// The scan of device_function_scan.cu and two kernels: the second calls it in a
// thread-dependent branch, so the barriers the first needs in the function would
// diverge in the second; the first's repair is withdrawn and the text stays as written.
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

__global__ void scan_all(unsigned int *out, const unsigned int *in) {
    __shared__ unsigned int buf[16];
    unsigned int i = threadIdx.x;
    out[i] = scan_inclusive(in[i], buf, 8);
}

__global__ void scan_some(unsigned int *out, const unsigned int *in) {
    __shared__ unsigned int buf[16];
    unsigned int i = threadIdx.x;
    if (in[i] > 0)
        out[i] = scan_inclusive(in[i], buf, 8);
}

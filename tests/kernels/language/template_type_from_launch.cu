// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Every launch instantiates `T` = double: each thread stores its own
// 8-byte element, and byte 8 * t + 7 of it through `buf`.

template <typename T>
__global__ void launched_as_double(int *out) {
    __shared__ unsigned char buf[1024];
    T *p = (T *)buf;
    p[threadIdx.x] = 1;
    buf[8 * threadIdx.x + 7] = 2;
}

void run(int *o) {
    launched_as_double<double><<<1, 64>>>(o);
    launched_as_double<double><<<1, 64>>>(o + 1);
}

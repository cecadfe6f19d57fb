// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The only instantiation is `k<char>` ([temp.inst]): `p` views the buffer
// as bytes, so thread 1 stores byte 1, which thread 0 also stores through
// `buf`.

template <typename T>
__global__ void launched_as_char(int *out) {
    __shared__ unsigned char buf[256];
    T *p = (T *)buf;
    p[threadIdx.x] = 1;           //~ race write-write
    buf[4 * threadIdx.x + 1] = 2;
}

template <typename T>
__global__ void instantiated_as_char(int *out) {
    __shared__ unsigned char buf[256];
    T *p = (T *)buf;
    p[threadIdx.x] = 1;           //~ race write-write
    buf[4 * threadIdx.x + 1] = 2;
}

template __global__ void instantiated_as_char<char>(int *);

void run(int *o) { launched_as_char<char><<<1, 64>>>(o); }

// expect-verdict: unsupported
// (Since session 52: the kernel reinterprets data of a type parameter that
// no single instantiation in view binds, whose size is then not known.)
//--blockDim=64 --gridDim=1
// Launched with char and with double: `T` is bound to neither (a note
// says so); it stays opaque 4-byte data, under which byte 4 * t + 5 is in
// the word thread t + 1 stores: still reported.

template <typename T>
__global__ void mixed(int *out) {
    __shared__ unsigned char buf[1024];
    T *p = (T *)buf;
    p[threadIdx.x] = 1;
    buf[4 * threadIdx.x + 5] = 2;
}

void run(int *o) {
    mixed<char><<<1, 64>>>(o);
    mixed<double><<<1, 64>>>(o);
}

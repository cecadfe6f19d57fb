// expect-verdict: racy
// (Since session 53 each distinct type instantiation is checked apart:
// `mixed<char>` and `mixed<double>`; both race.)
//--blockDim=64 --gridDim=1
// Launched with char and with double: each instantiation is checked with
// its own `T`; in both, byte 4 * t + 5 is one another thread's `p` store
// covers.

template <typename T>
__global__ void mixed(int *out) {
    __shared__ unsigned char buf[1024];
    T *p = (T *)buf;
    p[threadIdx.x] = 1; //~ race write-write
    buf[4 * threadIdx.x + 5] = 2;
}

void run(int *o) {
    mixed<char><<<1, 64>>>(o);
    mixed<double><<<1, 64>>>(o);
}

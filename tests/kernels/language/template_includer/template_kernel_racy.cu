// expect-verdict: unsupported
// (Since session 52: the kernel reinterprets data of a type parameter that
// no single instantiation in view binds, whose size is then not known.)
//--blockDim=64 --gridDim=1
// This file launches `k<double>`, but main.cpp includes it and launches
// `k<char>` too: the file is not a translation unit of its own, so `T` is
// not bound to double (the char instantiation races on byte 1).

template <typename T>
__global__ void included_template(int *out) {
    __shared__ unsigned char buf[1024];
    T *p = (T *)buf;
    p[threadIdx.x] = 1;
    buf[8 * threadIdx.x + 1] = 2;
}

void run_double(int *o) { included_template<double><<<1, 64>>>(o); }

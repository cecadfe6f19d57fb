// expect-verdict(included_template<double>): race-free
// expect-verdict(included_template<char>): racy
// (Since session 53: checked within main.cpp's translation unit, each
// instantiation apart; the char one races on byte 1.)
//--blockDim=64 --gridDim=1
// This file launches `k<double>`, but main.cpp includes it and launches
// `k<char>` too: the file is not a translation unit of its own, so `T` is
// not bound to double (the char instantiation races on byte 1).

template <typename T>
__global__ void included_template(int *out) {
    __shared__ unsigned char buf[1024];
    T *p = (T *)buf;
    p[threadIdx.x] = 1; //~ race write-write
    buf[8 * threadIdx.x + 1] = 2;
}

void run_double(int *o) { included_template<double><<<1, 64>>>(o); }

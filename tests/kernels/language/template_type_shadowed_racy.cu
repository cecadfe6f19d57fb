// expect-verdict: unsupported
// (Since session 52: the kernel reinterprets data of a type parameter that
// no single instantiation in view binds, whose size is then not known.)
//--blockDim=64 --gridDim=1
// The template arguments name a template parameter of the launching
// function and a block-scope alias, both shadowing the file-scope typedef
// `real` (double): `T` is char in both launches, not double, and thread 0's
// byte 1 is thread 1's element.

typedef double real;

template <typename T>
__global__ void shadowed_argument(int *out) {
    __shared__ unsigned char buf[1024];
    T *p = (T *)buf;
    p[threadIdx.x] = 1;
    buf[8 * threadIdx.x + 1] = 2;
}

template <typename real> void launch(int *o) { shadowed_argument<real><<<1, 64>>>(o); }

void run(int *o) {
    launch<char>(o);
    using real = char;
    shadowed_argument<real><<<1, 64>>>(o);
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// No implicit conversion turns an `int` into an enumeration, so C++ calls
// `put(float *, long)` here; the front end, which lowers enumerations as
// `int`, does not rank conversions to an enumeration: rather than take the
// `Mode` overload as an exact match, it checks both candidates (arms of a
// branch all threads take alike), and the race of the one C++ calls is
// reported.

enum Mode { A, B };
__device__ void put(float *p, Mode m) { p[threadIdx.x] = threadIdx.x; }
__device__ void put(float *p, long m) { p[0] = threadIdx.x; } //~ race write-write

__global__ void enum_overload(float *a) {
    int v = 3;
    put(a, v);
}

// An argument of enumeration type matches `Mode` exactly and `int` only by
// promotion: C++ calls put2(float *, Mode). The front end lowers the
// argument as `int`; rather than take `int` as exact it checks both.
__device__ void put2(float *p, Mode m) { p[0] = threadIdx.x; } //~ race write-write
__device__ void put2(float *p, int m) { p[threadIdx.x] = threadIdx.x; }

__global__ void enum_argument(float *a) { put2(a, B); }

__global__ void enum_variable_argument(float *a) {
    Mode m = B;
    put2(a, m);
}

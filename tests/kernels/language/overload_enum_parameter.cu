// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// No implicit conversion turns an `int` into an enumeration, so C++ calls
// `put(float *, long)` here; the front end, which lowers enumerations as
// `int`, does not rank conversions to an enumeration and reports the call
// rather than take the `Mode` overload as an exact match.

enum Mode { A, B };
__device__ void put(float *p, Mode m) { p[threadIdx.x] = threadIdx.x; }
__device__ void put(float *p, long m) { p[0] = threadIdx.x; }

__global__ void enum_overload(float *a) {
    int v = 3;
    put(a, v);
}

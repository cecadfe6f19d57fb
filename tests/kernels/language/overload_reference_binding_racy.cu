// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A non-const lvalue reference binds only an lvalue of its own type
// ([dcl.init.ref]): neither the rvalue `threadIdx.x * 2.0f` nor the
// `short` lvalue `s` can bind, so the other overloads, which store to
// element 0 in every thread, are called.

__device__ void put(float *p, float &v) { p[threadIdx.x] = v; }
__device__ void put(float *p, double v) { p[0] = v; } //~ race write-write

__device__ void put_int(float *p, int &v) { p[threadIdx.x] = v; }
__device__ void put_int(float *p, long v) { p[1] = v + threadIdx.x; } //~ race write-write

__global__ void reference_overloads(float *a, short s) {
    put(a, threadIdx.x * 2.0f);
    put_int(a, s);
}

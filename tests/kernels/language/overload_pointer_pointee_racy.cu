// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A `float *` argument does not convert to `double *` ([conv.ptr]): only
// the template is viable, and there every thread stores to p[0].

__device__ void put(double *p, int i) { p[i] = 0.0; }
template <typename T> __device__ void put(T *p, int i) { p[0] = i; } //~ race write-write

__global__ void pointer_overload(float *a) {
    put(a, threadIdx.x);
}

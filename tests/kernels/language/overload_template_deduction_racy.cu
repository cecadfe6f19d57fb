// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `T` deduced as float from the first argument and as unsigned int from
// the second: deduction fails ([temp.deduct.call]) and the non-template,
// which stores to p[0] in every thread, is called.

template <typename T> __device__ void put(T *p, T v) { p[threadIdx.x] = v; }
__device__ void put(float *p, float v) { p[0] = v; } //~ race write-write

__global__ void deduction_overload(float *a) {
    put(a, threadIdx.x);
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Both arguments deduce `T` = unsigned int: the template (each thread
// stores its own element) is an exact match; the non-template is not
// viable (no conversion from `unsigned *` to `float *`).

template <typename T> __device__ void put(T *p, T v) { p[threadIdx.x] = v; }
__device__ void put(float *p, float v) { p[0] = v; }

__global__ void deduction_overload(unsigned *a) {
    put(a, threadIdx.x);
}

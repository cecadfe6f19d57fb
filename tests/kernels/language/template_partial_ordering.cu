// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Both templates are exact matches for `store(a, t, t)`, binding the same
// `const unsigned &` parameters, and no conversion tells them apart. The
// first is more specialised ([temp.func.order]): its parameter types
// deduce the second's (`T`, `U` := `X`), not the other way round (`X`
// would be deduced as two unique types). C++ calls it: each thread stores
// its own element.

template <typename X>
__device__ void store(float *p, const X &i, const X &v) { p[i] = v; }

template <typename T, typename U>
__device__ void store(float *p, const T &i, const U &v) { p[0] = v; }

__global__ void ordered(float *a) {
    unsigned t = threadIdx.x;
    store(a, t, t);
}

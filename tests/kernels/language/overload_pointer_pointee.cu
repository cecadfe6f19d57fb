// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// With a `double *` argument both overloads match exactly, and C++
// prefers the non-template ([over.match.best]): each thread stores to its
// own element.

template <typename T> __device__ void put(T *p, int i) { p[0] = i; }
__device__ void put(double *p, int i) { p[i] = 0.0; }

__global__ void pointer_overload(double *a) {
    put(a, threadIdx.x);
}

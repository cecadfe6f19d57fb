// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// `f(T *)` and `f(const T *)` both take `int *` with T = int, but C++
// calls `f(T *)`: the identity conversion beats the qualification
// adjustment ([over.ics.rank]/3.2.1) before partial ordering (which would
// prefer `f(const T *)`) is reached. The front end does not rank the two
// conversions apart, so the call is never ordered: both candidates are
// checked (arms of a branch), and the accesses of `f(T *)` are kept.

template <typename T> __device__ void f(T *p) { p[threadIdx.x] = 1; }
template <typename T> __device__ void f(const T *p) {}

__global__ void qualification(int *a) {
    f(a);
}

// expect-verdict(through_operator): unsupported
// expect-verdict(ranked): racy
// expect-verdict(templated): racy
//--blockDim=64 --gridDim=1
// Implicit conversions the checker resolves or reports: `take(t)` with an
// `int` picks `W(int)` over `W(float)` (exact match against a conversion),
// `take_t(t)` runs the constructor template `T(U)` with `U = int` (both
// race: thread 1 writes g_s[1] while thread 0 reads it), and `take(s)` with
// `s` of a class whose conversion operator makes a `W` is `unsupported`
// (conversion operators to a class are not modelled).
__device__ int g_s[65];
struct W {
  int v;
  __device__ W(int t) : v(t) {
    g_s[t] = threadIdx.x; //~ race
    int x = g_s[t + 1];   //~ race
    v = x;
  }
  __device__ W(float f) : v(0) {}
};
struct S {
  int v;
  __device__ operator W() const { return W(v); }
};
struct T {
  int v;
  template <typename U> __device__ T(U u) : v(u) {
    g_s[u] = threadIdx.x; //~ race
    int x = g_s[u + 1];   //~ race
    v = x;
  }
};
__device__ int take(W w) { return w.v; }
__device__ int take_t(T w) { return w.v; }
__global__ void through_operator(int *out) { S s; s.v = threadIdx.x; out[threadIdx.x] = take(s); }
__global__ void ranked(int *out) { int t = threadIdx.x; out[t] = take(t); }
__global__ void templated(int *out) { int t = threadIdx.x; out[t] = take_t(t); }

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A converting constructor run implicitly: passing an `int` to a `W`
// parameter (by value, by `const W &`, or from a default argument),
// copy-initialisation `W w = t;`, `return t;` from a function returning `W`,
// assignment `w = t;` and the braced forms `take({t})`, `return {t};` all
// construct a `W` from `t`. Its body writes g_s[t] and reads g_s[t + 1]
// (thread 1 writes g_s[1] while thread 0 reads it; with the default 7,
// every thread writes g_s[7]).

__device__ int g_s[65];

struct W {
  int v;
  __device__ W() : v(0) {}
  __device__ W(int t) : v(t) {
    g_s[t] = threadIdx.x;    //~ race
    int x = g_s[t + 1];      //~ race
    v = x;
  }
};

__device__ int take(W w) { return w.v; }
__device__ int take_ref(const W &w) { return w.v; }
__device__ int take_default(int a, W w = 7) { return a + w.v; }
__device__ W make(int t) { return t; }
__device__ W make_braced(int t) { return {t}; }

__global__ void by_value(int *out) { out[threadIdx.x] = take(threadIdx.x); }
__global__ void by_const_ref(int *out) { out[threadIdx.x] = take_ref(threadIdx.x); }
__global__ void default_argument(int *out) { out[threadIdx.x] = take_default(1); }
__global__ void braced_argument(int *out) {
  int t = threadIdx.x;
  out[t] = take({t});
}
__global__ void copy_init(int *out) {
  int t = threadIdx.x;
  W w = t;
  out[t] = w.v;
}
__global__ void returned(int *out) { out[threadIdx.x] = make(threadIdx.x).v; }
__global__ void returned_braced(int *out) { out[threadIdx.x] = make_braced(threadIdx.x).v; }
__global__ void assigned(int *out) {
  int t = threadIdx.x;
  W w;
  w = t;
  out[t] = w.v;
}

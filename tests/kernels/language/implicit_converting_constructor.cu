// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of implicit_converting_constructor_racy.cu: each
// implicit conversion runs the converting constructor, whose body touches
// only g_s[t] (t the thread's index; the default argument 7 only in
// thread 0).

__device__ int g_s[65];

struct W {
  int v;
  __device__ W() : v(0) {}
  __device__ W(int t) : v(t) {
    g_s[t] = threadIdx.x;
    int x = g_s[t];
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
__global__ void default_argument(int *out) { if (threadIdx.x == 0) out[0] = take_default(1); }
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

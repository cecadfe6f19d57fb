// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of implicit_initialisation_racy.cu: the code each
// constructor runs without a call in the source touches only g_s[t]; a
// default member initializer's value (`stride = 1`) gives the index.

__device__ int g_s[130];

__device__ int touch(int t) {
  g_s[t] = t;
  return g_s[t];
}

struct Probe {
  int v;
  __device__ Probe() { v = touch(threadIdx.x); }
  __device__ Probe(int t) { v = touch(t); }
};

struct Derived : Probe {
  int d;
  __device__ Derived(int t) : d(t) {}
};

struct Holder {
  Probe m;
  int h;
  __device__ Holder(int t) : h(t) {}
};

struct Defaulted {
  int v = touch(threadIdx.x);
  int stride = 1;
  int w;
  __device__ Defaulted(int x) : w(x) { g_s[threadIdx.x * stride] += w; }
};

struct Plain {
  Probe m;
  int p;
};

struct Inheriting : Probe {
  using Probe::Probe;
};

struct FromBase : Probe {
  __device__ FromBase(int t) : Probe(t) {}
};

struct Delegating {
  int v;
  __device__ Delegating(int t, int u) { v = touch(t) + u; }
  __device__ Delegating(int t) : Delegating(t, 0) {}
};

__device__ int take(Inheriting i) { return i.v; }

__global__ void base_default(int *out) {
  Derived x(threadIdx.x);
  out[threadIdx.x] = x.v + x.d;
}
__global__ void member_default(int *out) {
  Holder x(threadIdx.x);
  out[threadIdx.x] = x.m.v + x.h;
}
__global__ void member_initializer(int *out) {
  Defaulted x(1);
  out[threadIdx.x] = x.v + x.w;
}
__global__ void implicit_default(int *out) {
  Plain x;
  out[threadIdx.x] = x.m.v;
}
__global__ void array_default(int *out) {
  Probe a[2];
  out[threadIdx.x] = a[0].v + a[1].v;
}
__global__ void array_items(int *out) {
  int t = threadIdx.x;
  Probe a[2] = {t, t + 64};
  out[t] = a[0].v + a[1].v;
}
__global__ void inherited(int *out) {
  int t = threadIdx.x;
  out[t] = take(t);
}
__global__ void base_initializer(int *out) {
  FromBase x(threadIdx.x);
  out[threadIdx.x] = x.v;
}
__global__ void delegating(int *out) {
  Delegating x(threadIdx.x);
  out[threadIdx.x] = x.v;
}

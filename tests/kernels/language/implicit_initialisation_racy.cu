// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Code a constructor runs without a call in the source: base-class and
// member default constructors, default member initializers, the implicit
// default constructor of a class, the constructors of array elements, a
// constructor inherited by `using B::B;`, a base-class initializer with
// arguments and a delegating constructor (its target runs: another
// constructor of the same name is not recursion). Each writes g_s[t] and reads
// g_s[t + 1]: thread 1 writes g_s[1] while thread 0 reads it.

__device__ int g_s[130];

__device__ int touch(int t) {
  g_s[t] = t;                    //~ race
  return g_s[t + 1];             //~ race
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
  int w;
  __device__ Defaulted(int x) : w(x) {}
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

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Code that aggregate and value initialisation run ([dcl.init.aggr]): a
// member without an item takes its default member initializer or its class's
// default constructor, an item of a member of a class runs its converting
// constructor, `W w{}` runs the default member initializers, and so do the
// elements of an array of such an aggregate; the elements of `W a[] = {..}`
// and of `W a[2][2]` run their constructors; a lambda's capture by copy runs
// the user copy constructor. Each reaches touch(t), which writes g_s[t] and
// reads g_s[t + 1]: thread 1 writes g_s[1] while thread 0 reads it. The last
// kernel's default member initializer is the stride of its indices.

__device__ int g_s[260];

__device__ int touch(int t) {
  g_s[t] = t;                    //~ race
  return g_s[t + 1];             //~ race
}

struct Probe {
  int v;
  __device__ Probe() { v = touch(threadIdx.x); }
  __device__ Probe(int t) { v = touch(t); }
  __device__ Probe(const Probe &o) { v = touch(threadIdx.x) + o.v; }
};

struct RestDefault { int x; int y = touch(threadIdx.x); };
struct MemberDefault { int x; Probe m; };
struct MemberItem { Probe m; int x; };
struct Strided { int base; int stride = 1; };

__global__ void rest_default(int *out) {
  RestDefault a = {5};
  out[threadIdx.x] = a.x + a.y;
}
__global__ void member_default(int *out) {
  MemberDefault a = {1};
  out[threadIdx.x] = a.x + a.m.v;
}
__global__ void member_item(int *out) {
  int t = threadIdx.x;
  MemberItem a = {t, 1};
  out[t] = a.m.v + a.x;
}
__global__ void value_init(int *out) {
  RestDefault a{};
  out[threadIdx.x] = a.x + a.y;
}
__global__ void array_of_aggregates(int *out) {
  RestDefault a[2] = {{5}};
  out[threadIdx.x] = a[0].y + a[1].x;
}
__global__ void array_unknown_bound(int *out) {
  int t = threadIdx.x;
  Probe a[] = {t, t + 128};
  out[t] = a[0].v + a[1].v;
}
__global__ void array_two_dimensions(int *out) {
  Probe a[2][2];
  out[threadIdx.x] = a[1][1].v;
}
__global__ void lambda_copy(int *out) {
  Probe p(threadIdx.x + 128);
  auto f = [p]() { return p.v; };
  out[threadIdx.x] = f();
}
__global__ void default_stride(int *out) {
  Strided s = {(int)threadIdx.x};
  g_s[s.base * s.stride] = 1;    //~ race
  out[threadIdx.x] = g_s[s.base * s.stride + 1]; //~ race
}

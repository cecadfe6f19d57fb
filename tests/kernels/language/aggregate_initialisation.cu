// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of aggregate_initialisation_racy.cu: the code each
// initialisation runs touches only g_s[t]; the last kernel's default member
// initializer (`stride = 2`) keeps its writes on even and its reads on odd
// elements.

__device__ int g_s[260];

__device__ int touch(int t) {
  g_s[t] = t;
  return g_s[t];
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
struct Strided { int base; int stride = 2; };

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
  g_s[s.base * s.stride] = 1;
  out[threadIdx.x] = g_s[s.base * s.stride + 1];
}

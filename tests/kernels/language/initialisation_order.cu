// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of initialisation_order_racy.cu: in each kernel the
// part written first in the declarations (a base, then the members in
// declaration order; an inherited constructor before the derived class's
// members and later bases) writes g_s[t], and the later part reaches the
// barrier before reading g_s[t + 1]. Run in the mem-initializer list's order
// (or with the derived class's parts first) the read would race.

__device__ int g_s[130];

__device__ int wr(int t) {
  g_s[t] = t;
  return t;
}
__device__ int rd(int t) {
  __syncthreads();
  return g_s[t + 1];
}

struct Wr { int x; __device__ Wr(int t) { x = wr(t); } };
struct Rd { int y; __device__ Rd(int t) { y = rd(t); } };
struct RdDefault { int y; __device__ RdDefault() { y = rd(threadIdx.x); } };

struct MemberOrder {
  Wr a;
  Rd b;
  __device__ MemberOrder(int t) : b(t), a(t) {}
};

struct BaseFirst : Wr {
  Rd m;
  __device__ BaseFirst(int t) : m(t), Wr(t) {}
};

struct DefaultAfterNamed {
  Wr a;
  RdDefault m;
  __device__ DefaultAfterNamed(int t) : a(t) {}
};

struct Inherited : Wr {
  using Wr::Wr;
  int z = rd(threadIdx.x);
};

struct InheritedOtherBase : Wr, RdDefault {
  using Wr::Wr;
};

__global__ void member_order(int *out) {
  MemberOrder h(threadIdx.x);
  out[threadIdx.x] = h.a.x + h.b.y;
}
__global__ void base_first(int *out) {
  BaseFirst h(threadIdx.x);
  out[threadIdx.x] = h.x + h.m.y;
}
__global__ void default_after_named(int *out) {
  DefaultAfterNamed h(threadIdx.x);
  out[threadIdx.x] = h.a.x + h.m.y;
}
__global__ void inherited_then_members(int *out) {
  Inherited d(threadIdx.x);
  out[threadIdx.x] = d.x + d.z;
}
__global__ void inherited_then_other_base(int *out) {
  InheritedOtherBase d(threadIdx.x);
  out[threadIdx.x] = d.x + d.y;
}

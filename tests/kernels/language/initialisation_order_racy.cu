// expect-verdict: racy
//--blockDim=64 --gridDim=1
// C++ initialises an object's bases, then its members in declaration order,
// whatever the order of the mem-initializer list ([class.base.init]/13); a
// constructor inherited by `using B::B;` runs B's constructor, then the
// derived class's default member initializers and its other bases. Here each
// kernel's real order reaches the barrier and reads g_s[t + 1] before another
// part writes g_s[t] in the same barrier interval: thread 1 writes g_s[1]
// while thread 0 reads it. (The list's order would be race-free.)

__device__ int g_s[130];

__device__ int wr(int t) {
  g_s[t] = t;                    //~ race
  return t;
}
__device__ int rd(int t) {
  __syncthreads();
  return g_s[t + 1];             //~ race
}

struct Wr { int x; __device__ Wr(int t) { x = wr(t); } };
struct Rd { int y; __device__ Rd(int t) { y = rd(t); } };
struct WrDefault { int x; __device__ WrDefault() { x = wr(threadIdx.x); } };

struct MemberOrder {
  Rd b;
  Wr a;
  __device__ MemberOrder(int t) : a(t), b(t) {}
};

struct BaseFirst : Rd {
  Wr m;
  __device__ BaseFirst(int t) : m(t), Rd(t) {}
};

struct DefaultAfterNamed {
  Rd a;
  WrDefault m;
  __device__ DefaultAfterNamed(int t) : a(t) {}
};

struct Inherited : Rd {
  using Rd::Rd;
  int z = wr(threadIdx.x);
};

struct InheritedOtherBase : Rd, WrDefault {
  using Rd::Rd;
};

__global__ void member_order(int *out) {
  MemberOrder h(threadIdx.x);
  out[threadIdx.x] = h.a.x + h.b.y;
}
__global__ void base_first(int *out) {
  BaseFirst h(threadIdx.x);
  out[threadIdx.x] = h.m.x + h.y;
}
__global__ void default_after_named(int *out) {
  DefaultAfterNamed h(threadIdx.x);
  out[threadIdx.x] = h.a.y + h.m.x;
}
__global__ void inherited_then_members(int *out) {
  Inherited d(threadIdx.x);
  out[threadIdx.x] = d.y + d.z;
}
__global__ void inherited_then_other_base(int *out) {
  InheritedOtherBase d(threadIdx.x);
  out[threadIdx.x] = d.y + d.x;
}

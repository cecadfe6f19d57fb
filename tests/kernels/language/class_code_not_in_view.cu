// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// Code a class runs that the front end does not follow: a default
// constructor or member operator declared here and defined in another
// translation unit, the implicit copy constructor and copy assignment of a
// class whose member has user ones (not run member by member yet), and an
// operator defined as a friend in a class template's body. Skipping it could
// miss its races (each writes g_s[t] and reads g_s[t + 1] in its
// definition), so each kernel is `unsupported`, with the reason.

__device__ int g_s[65];

struct DeclaredDefault {
  int v = 0;
  __device__ DeclaredDefault();
};

struct DeclaredOperator {
  int i;
  __device__ DeclaredOperator operator-();
};

struct Copied {
  int v;
  __device__ Copied(int x) : v(x) {}
  __device__ Copied(const Copied &o) { int t = threadIdx.x; g_s[t] = o.v; v = g_s[t + 1]; }
  __device__ Copied &operator=(const Copied &o) { int t = threadIdx.x; g_s[t] = o.v; v = g_s[t + 1]; return *this; }
};
struct Holder { Copied c; int z; };

template <class T> struct Box {
  T v;
  friend __device__ Box operator-(Box a, Box b) { g_s[a.v] = a.v; return Box{g_s[a.v + 1] - b.v}; }
};

__global__ void declared_default(int *out) {
  DeclaredDefault w;
  out[threadIdx.x] = w.v;
}
__global__ void declared_operator(int *out) {
  DeclaredOperator w{(int)threadIdx.x};
  DeclaredOperator r = -w;
  out[threadIdx.x] = r.i;
}
__global__ void implicit_copy(int *out) {
  Holder a{Copied(1), 2};
  Holder b = a;
  out[threadIdx.x] = b.c.v + b.z;
}
__global__ void implicit_assign(int *out) {
  Holder a{Copied(1), 2};
  Holder b{Copied(3), 4};
  b = a;
  out[threadIdx.x] = b.c.v + b.z;
}
__global__ void template_friend(int *out) {
  Box<int> a{(int)threadIdx.x}, b{1};
  Box<int> c = a - b;
  out[threadIdx.x] = c.v;
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of special_members_racy.cu: each implicitly run
// special member or conversion touches only g_s[t].

__device__ int g_s[65];

struct W {
  int v;
  __device__ W() : v(threadIdx.x) {
    g_s[v] = v;
    v = g_s[v];
    v = threadIdx.x;
  }
  __device__ W(const W &o) : v(o.v) {
    g_s[v] = v;
    v = g_s[v];
    v = o.v;
  }
  __device__ W &operator=(const W &o) {
    g_s[v] = v;
    v = g_s[v] + o.v;
    return *this;
  }
};

struct Flag {
  int v;
  __device__ explicit operator bool() const {
    g_s[v] = v;
    return g_s[v] != 0;
  }
};

struct Num {
  int v;
  __device__ operator int() const {
    g_s[v] = v;
    return g_s[v];
  }
};

__device__ int take(W w) { return w.v; }

__global__ void copy_by_value(int *out) {
  W a;
  out[threadIdx.x] = take(a);
}
__global__ void copy_init(int *out) {
  W a;
  W b = a;
  out[threadIdx.x] = b.v;
}
__global__ void default_constructed(int *out) {
  W a;
  out[threadIdx.x] = a.v;
}
__global__ void assigned(int *out) {
  W a, b;
  a = b;
  out[threadIdx.x] = a.v;
}
__global__ void condition(int *out) {
  Flag f;
  f.v = threadIdx.x;
  if (f)
    out[threadIdx.x] = 1;
}
__global__ void cast(int *out) {
  Num n;
  n.v = threadIdx.x;
  out[threadIdx.x] = static_cast<int>(n);
}

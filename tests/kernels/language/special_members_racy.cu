// expect-verdict: racy
//--blockDim=64 --gridDim=1
// User special members and conversions run where C++ calls them implicitly:
// the copy constructor when an lvalue is passed by value or copies
// `W b = a;`, the default constructor of `W w;`, the copy assignment
// operator of `a = b;`, `explicit operator bool()` in a condition and
// `operator int()` in `static_cast<int>(c)`. Each body writes g_s[v] and
// reads g_s[v + 1] (v = t): thread 1 writes g_s[1] while thread 0 reads it.

__device__ int g_s[65];

struct W {
  int v;
  __device__ W() : v(threadIdx.x) {
    g_s[v] = v;                    //~ race
    v = g_s[v + 1];                //~ race
    v = threadIdx.x;
  }
  __device__ W(const W &o) : v(o.v) {
    g_s[v] = v;                    //~ race
    v = g_s[v + 1];                //~ race
    v = o.v;
  }
  __device__ W &operator=(const W &o) {
    g_s[v] = v;                    //~ race
    v = g_s[v + 1] + o.v;          //~ race
    return *this;
  }
};

struct Flag {
  int v;
  __device__ explicit operator bool() const {
    g_s[v] = v;                    //~ race
    return g_s[v + 1] != 0;        //~ race
  }
};

struct Num {
  int v;
  __device__ operator int() const {
    g_s[v] = v;                    //~ race
    return g_s[v + 1];             //~ race
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

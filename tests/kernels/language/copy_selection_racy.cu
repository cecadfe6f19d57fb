// expect-verdict: racy
// expect-verdict(template_constructor): unsupported
// expect-verdict(move_of_unknown_constness): unsupported
// expect-verdict(forwarded): unsupported
// expect-verdict(conditional_copy): unsupported
// expect-verdict(value_cast_copy): unsupported
//--blockDim=64 --gridDim=1
// Which constructor a copy or move runs. Each kernel's selected
// constructor calls touch(), which writes g_s[t] and reads g_s[t + 1]:
// thread 1 writes g_s[1] while thread 0 reads it (no barrier). The
// race-free twin, copy_selection.cu, puts touch() in the constructor
// that is not selected.

__device__ int g_s[130];

__device__ int touch(int t) {
  g_s[t] = t;                    //~ race
  return g_s[t + 1];             //~ race
}

struct W {
  int v;
  __device__ W(int x) : v(x) {}
  __device__ W(const W &o) : v(o.v + touch(threadIdx.x)) {}
  __device__ W(W &&o) : v(o.v) {}
};

struct M {
  int v;
  __device__ M(int x) : v(x) {}
  __device__ M(const M &o) : v(o.v) {}
  __device__ M(M &&o) : v(o.v + touch(threadIdx.x)) {}
};

struct T {
  int v;
  __device__ T(int x) : v(x) {}
  __device__ T(const T &o) : v(o.v) {}
  template <class U> __device__ T(U &o) : v(o.v + touch(threadIdx.x)) {}
};

// A const xvalue binds `const W &`: the copy constructor runs.
__global__ void const_xvalue(int *out) {
  W a(1);
  W b = static_cast<const W &&>(a);
  out[threadIdx.x] = b.v;
}

// std::move of a const object copies it too.
__global__ void move_of_const(int *out) {
  const W a(1);
  W b = std::move(a);
  out[threadIdx.x] = b.v;
}

// `auto b{a};` deduces W and copies.
__global__ void auto_direct_list(int *out) {
  W a(1);
  auto b{a};
  out[threadIdx.x] = b.v;
}

// A C-style cast to `M &&` moves.
__global__ void c_style_move(int *out) {
  M a(1);
  M b = (M &&)a;
  out[threadIdx.x] = b.v;
}

// `template <class U> T(U &)` outranks `T(const T &)` for a non-const
// lvalue: the template runs (not followed: unsupported).
__global__ void template_constructor(int *out) {
  T a(1);
  T b = a;
  out[threadIdx.x] = b.v;
}

struct Holder {
  W w;
  __device__ Holder() : w(1) {}
  // Whether `w` is const here is the object's: not looked up.
  __device__ int take() {
    W b = std::move(w);
    return b.v;
  }
};

__global__ void move_of_unknown_constness(int *out) {
  Holder h;
  out[threadIdx.x] = h.take();
}

// `std::forward<W &>(a)` is an lvalue, `std::forward<W>(a)` an xvalue: a
// copy from it whose constructors run code is not followed.
__global__ void forwarded(int *out) {
  W a(1);
  W b = std::forward<W>(a);
  out[threadIdx.x] = b.v;
}

// A conditional copied, and a cast to the class: a copy runs inside.
__global__ void conditional_copy(int *out) {
  W a(1), a2(2);
  W b = threadIdx.x > 100 ? a : a2;
  out[threadIdx.x] = b.v;
}

__global__ void value_cast_copy(int *out) {
  W a(1);
  W b = static_cast<W>(a);
  out[threadIdx.x] = b.v;
}

// Direct-initialisation from an xvalue: `M`'s move constructor runs.
__global__ void direct_move(int *out) {
  M a(1);
  M b{(M &&)a};
  out[threadIdx.x] = b.v;
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of copy_selection_racy.cu: each copy or move runs the
// constructor C++ selects, which is clean; the one not selected calls
// touch(), which would race (thread 1 writes g_s[1] while thread 0 reads
// it).

__device__ int g_s[130];

__device__ int touch(int t) {
  g_s[t] = t;
  return g_s[t + 1];
}

// Copies are clean, moves race.
struct W {
  int v;
  __device__ W(int x) : v(x) {}
  __device__ W(const W &o) : v(o.v) {}
  __device__ W(W &&o) : v(o.v + touch(threadIdx.x)) {}
};

// Moves are clean, copies race.
struct M {
  int v;
  __device__ M(int x) : v(x) {}
  __device__ M(const M &o) : v(o.v + touch(threadIdx.x)) {}
  __device__ M(M &&o) : v(o.v) {}
};

// A const xvalue binds `const W &`: the copy constructor runs.
__global__ void const_xvalue(int *out) {
  W a(1);
  W b = static_cast<const W &&>(a);
  out[threadIdx.x] = b.v;
}

__global__ void move_of_const(int *out) {
  const W a(1);
  W b = std::move(a);
  out[threadIdx.x] = b.v;
}

// std::move of a non-const local moves it.
__global__ void move_of_local(int *out) {
  M a(1);
  M b = std::move(a);
  out[threadIdx.x] = b.v;
}

// `auto b{a};` copies.
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

// Direct-initialisation from an xvalue moves.
__global__ void direct_move(int *out) {
  M a(1);
  M b(std::move(a));
  out[threadIdx.x] = b.v;
}

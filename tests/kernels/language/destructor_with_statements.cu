// expect-verdict(writes_in_destructor): unsupported
// expect-verdict(member_destructor): unsupported
// expect-verdict(empty_destructor): race-free
//--blockDim=64 --gridDim=1
// Destructors are not run at the end of an object's lifetime: an object
// of a class whose destructor (its own or a member's) has statements makes
// the kernel `unsupported` (here `~Guard` writes g_s[t + 1], racing with
// the next thread's g_s[t] = t); an empty destructor does nothing.

__device__ int g_s[65];

struct Guard {
  int t;
  __device__ ~Guard() { g_s[t + 1] = 0; }
};
struct Holder {
  Guard g;
};
struct Quiet {
  int t;
  __device__ ~Quiet() {}
};

__global__ void writes_in_destructor(int *out) {
  int t = threadIdx.x;
  {
    Guard g;
    g.t = t;
    g_s[t] = t;
  }
  out[t] = 0;
}
__global__ void member_destructor(int *out) {
  int t = threadIdx.x;
  Holder h;
  h.g.t = t;
  g_s[t] = t;
  out[t] = 0;
}
__global__ void empty_destructor(int *out) {
  int t = threadIdx.x;
  Quiet q;
  q.t = t;
  g_s[t] = t;
  out[t] = q.t;
}

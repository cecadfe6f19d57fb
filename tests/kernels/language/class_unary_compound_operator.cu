// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of class_unary_compound_operator_racy.cu: each
// operator (compound assignment, prefix and postfix increment, unary minus,
// a friend defined in the class body), run where it is applied, touches
// only g_s[t].

__device__ int g_s[65];

struct Cell {
  int v;
  __device__ Cell &operator+=(const Cell &o) {
    g_s[v] = v;
    v = g_s[v] + o.v;
    return *this;
  }
  __device__ Cell &operator++() {
    g_s[v] = v;
    v = g_s[v];
    return *this;
  }
  __device__ Cell operator++(int) {
    Cell old = *this;
    g_s[v] = v;
    v = g_s[v];
    return old;
  }
  friend __device__ Cell operator-(Cell a, Cell b) {
    g_s[a.v] = a.v;
    Cell r;
    r.v = g_s[a.v] - b.v;
    return r;
  }
};

__device__ Cell operator-(const Cell &a) {
  g_s[a.v] = a.v;
  Cell r;
  r.v = -g_s[a.v];
  return r;
}

__global__ void compound(int *out) {
  Cell a, b;
  a.v = threadIdx.x;
  b.v = 1;
  a += b;
  out[threadIdx.x] = a.v;
}
__global__ void prefix(int *out) {
  Cell a;
  a.v = threadIdx.x;
  ++a;
  out[threadIdx.x] = a.v;
}
__global__ void postfix(int *out) {
  Cell a;
  a.v = threadIdx.x;
  a++;
  out[threadIdx.x] = a.v;
}
__global__ void friend_binary(int *out) {
  Cell a, b;
  a.v = threadIdx.x;
  b.v = 1;
  Cell c = a - b;
  out[threadIdx.x] = c.v;
}
__global__ void negate(int *out) {
  Cell a;
  a.v = threadIdx.x;
  Cell c = -a;
  out[threadIdx.x] = c.v;
}

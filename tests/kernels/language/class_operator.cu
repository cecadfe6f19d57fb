// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of class_operator_racy.cu: each overloaded operator,
// run where it is applied, touches only g_s[t].

__device__ int g_s[65];

struct Cell {
  int v;
  __device__ Cell operator+(const Cell &o) const {
    g_s[v] = v;
    Cell r;
    r.v = g_s[v] + o.v;
    return r;
  }
};

__device__ int operator*(const Cell &a, int k) {
  g_s[a.v] = k;
  return g_s[a.v] * k;
}

__global__ void member(int *out) {
  Cell a, b;
  a.v = threadIdx.x;
  b.v = 1;
  Cell c = a + b;
  out[threadIdx.x] = c.v;
}
__global__ void non_member(int *out) {
  Cell a;
  a.v = threadIdx.x;
  out[threadIdx.x] = a * 3;
}

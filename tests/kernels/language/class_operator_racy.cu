// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Overloaded operators of a class run where the operator is applied to its
// objects: a member `operator+` and a non-member `operator*`. Each body
// writes g_s[v] and reads g_s[v + 1] (v = t): thread 1 writes g_s[1] while
// thread 0 reads it.

__device__ int g_s[65];

struct Cell {
  int v;
  __device__ Cell operator+(const Cell &o) const {
    g_s[v] = v;                  //~ race
    Cell r;
    r.v = g_s[v + 1] + o.v;      //~ race
    return r;
  }
};

__device__ int operator*(const Cell &a, int k) {
  g_s[a.v] = k;                  //~ race
  return g_s[a.v + 1] * k;       //~ race
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

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Class operators written as compound assignment, prefix and postfix
// increment, unary minus, and a friend operator defined in the class body
// (found by argument-dependent lookup): each runs where it is applied. Each
// body writes g_s[v] and reads g_s[v + 1] (v = t): thread 1 writes g_s[1]
// while thread 0 reads it.

__device__ int g_s[65];

struct Cell {
  int v;
  __device__ Cell &operator+=(const Cell &o) {
    g_s[v] = v;                  //~ race
    v = g_s[v + 1] + o.v;        //~ race
    return *this;
  }
  __device__ Cell &operator++() {
    g_s[v] = v;                  //~ race
    v = g_s[v + 1];              //~ race
    return *this;
  }
  __device__ Cell operator++(int) {
    Cell old = *this;
    g_s[v] = v;                  //~ race
    v = g_s[v + 1];              //~ race
    return old;
  }
  friend __device__ Cell operator-(Cell a, Cell b) {
    g_s[a.v] = a.v;              //~ race
    Cell r;
    r.v = g_s[a.v + 1] - b.v;    //~ race
    return r;
  }
};

__device__ Cell operator-(const Cell &a) {
  g_s[a.v] = a.v;                //~ race
  Cell r;
  r.v = -g_s[a.v + 1];           //~ race
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

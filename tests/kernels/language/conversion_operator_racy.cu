// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A class's conversion operator runs implicitly wherever its object is used
// as a scalar: copy-initialisation `int y = c;`, an `int` argument, `return
// c;` from a function returning `int`, arithmetic `c + 1`. Its body writes
// g_s[v] and reads g_s[v + 1] (v = t): thread 1 writes g_s[1] while thread 0
// reads it.

__device__ int g_s[65];

struct Counter {
  int v;
  __device__ operator int() const {
    g_s[v] = v;              //~ race
    return g_s[v + 1];       //~ race
  }
};

__device__ int twice(int x) { return 2 * x; }
__device__ int as_int(Counter c) { return c; }

__global__ void initialised(int *out) {
  Counter c;
  c.v = threadIdx.x;
  int y = c;
  out[threadIdx.x] = y;
}
__global__ void argument(int *out) {
  Counter c;
  c.v = threadIdx.x;
  out[threadIdx.x] = twice(c);
}
__global__ void returned(int *out) {
  Counter c;
  c.v = threadIdx.x;
  out[threadIdx.x] = as_int(c);
}
__global__ void arithmetic(int *out) {
  Counter c;
  c.v = threadIdx.x;
  out[threadIdx.x] = c + 1;
}

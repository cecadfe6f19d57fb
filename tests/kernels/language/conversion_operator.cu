// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of conversion_operator_racy.cu: the conversion
// operator, run implicitly in each kernel, touches only g_s[t].

__device__ int g_s[65];

struct Counter {
  int v;
  __device__ operator int() const {
    g_s[v] = v;
    return g_s[v];
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

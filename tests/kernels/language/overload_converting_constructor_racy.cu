// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `Wrap` has a converting constructor from `float *`: the call with a
// pointer argument is viable only for the `Wrap` overload (a pointer does
// not convert to `float2`), whose store every thread makes to a[0].

struct Wrap {
  float *p;
  __device__ Wrap(float *q) { p = q; }
};

__device__ void put(Wrap w, int i) {
  w.p[0] = i; //~ race write-write
}
__device__ void put(float2 v, int i) {}

__global__ void k(float *a) { put(a, threadIdx.x); }

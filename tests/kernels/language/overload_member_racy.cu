// expect-verdict: racy
// expect-verdict(per_instantiation<int>): race-free
// (Since session 53 each instantiation is checked apart: only the `float` one races.)
//--blockDim=256 --gridDim=4
// Overloaded member functions are chosen by overload resolution like free
// functions: `op.put(res, x)` with a `float *` calls the second overload
// (a plain store by every thread to one element), not the first of the
// call's arity. In a template kernel launched with `int` and `float`, whose
// type parameter is modelled as opaque data, each candidate runs as an arm.

struct Op {
  __device__ void put(int *a, int v) { atomicAdd(a, v); }
  __device__ void put(float *a, float v) { *a = v; } //~ race write-write
};

__global__ void by_type(float *res) {
  Op op;
  op.put(res, (float)threadIdx.x);
}

struct Acc {
  __device__ void put(int *a, int v) { atomicAdd(a, v); }
  __device__ void put(float *a, float v) { *a = v; } //~ race write-write
};

template <typename T>
__global__ void per_instantiation(T *res) {
  Acc op;
  op.put(res, (T)threadIdx.x);
}

void host(int *a, float *b) {
  per_instantiation<int><<<4, 256>>>(a);
  per_instantiation<float><<<4, 256>>>(b);
}

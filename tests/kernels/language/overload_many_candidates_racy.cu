// expect-verdict: racy
// expect-verdict(k<int>): race-free
// (Since session 53 each instantiation is checked apart: only `k<float>` races.)
//--blockDim=256 --gridDim=4
// Five candidates of the call's arity in a template kernel whose type
// parameter is modelled as opaque data: each runs as an arm (C++ picks
// one per instantiation); `k<float>` calls the racy one.

__device__ void put(int *a, int v) { atomicAdd(a, v); }
__device__ void put(unsigned *a, unsigned v) { atomicAdd(a, v); }
__device__ void put(long long *a, long long v) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
__device__ void put(double *a, double v) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
__device__ void put(float *a, float v) { *a = v; } //~ race write-write

template <typename T>
__global__ void k(T *res) {
  put(res, (T)threadIdx.x);
}

void host(int *a, float *b) {
  k<int><<<4, 256>>>(a);
  k<float><<<4, 256>>>(b);
}

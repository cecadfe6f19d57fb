// expect-verdict: racy
// expect-verdict(k<int>): race-free
// (Since session 53 each instantiation is checked apart: only `k<float>` races.)
//--blockDim=256 --gridDim=64
// A template kernel launched with `int` and `float`: its type parameter is
// modelled as opaque data (read as `int`), so overload resolution alone
// would pick `put(int *, int)`. `k<float>` calls `put(float *, float)`, a
// plain store by every thread: each candidate runs as an arm.

__device__ void put(int *a, int v) { atomicAdd(a, v); }
__device__ void put(float *a, float v) { *a = v; } //~ race write-write

template <typename T>
__global__ void k(T *res) {
  put(res, (T)threadIdx.x);
}

void host(int *a, float *b) {
  k<int><<<64, 256>>>(a);
  k<float><<<64, 256>>>(b);
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 13): long is not long long
// long and long long are distinct types (both 64-bit on LP64).
template <class T, int N> struct S {
  __device__ static void put(int *p, int v) { p[0] = v; } //~ race write-write
};
template <int N> struct S<long long, N> {
  __device__ static void put(int *p, int v) { p[threadIdx.x] = v; }
};
__global__ void k(int *p) { S<long, 1>::put(p, threadIdx.x); }

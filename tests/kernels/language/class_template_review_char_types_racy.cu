// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 13): char is not signed char
// char, signed char and unsigned char are three distinct types: S<char, 1>
// does not match S<signed char, N>; the primary writes p[0] in every thread.
template <class T, int N> struct S {
  __device__ static void put(int *p, int v) { p[0] = v; } //~ race write-write
};
template <int N> struct S<signed char, N> {
  __device__ static void put(int *p, int v) { p[threadIdx.x] = v; }
};
__global__ void k(int *p) { S<char, 1>::put(p, threadIdx.x); }

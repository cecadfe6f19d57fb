// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// Neither overload is viable for a `Pair` argument as the front end sees
// it (no conversion from `Pair` to `A` or `B`): the call is reported
// rather than resolved by guessing.

struct A {
  float *p;
};
struct B {
  float *q;
};
struct Pair {
  int x;
};

__device__ void f(A a, int i) { a.p[0] = i; }
__device__ void f(B b, int i) {}

__global__ void k(float *a) {
  Pair s;
  s.x = 1;
  f(s, threadIdx.x);
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A `Derived` argument binds to the `Base &` parameter (derived-to-base
// conversion); the scalar overload is not viable for a struct argument
// without a conversion operator. Every thread writes a[0].

struct Base {
  float *p;
};
struct Derived : Base {
  int pad;
};

__device__ void touch(Base &b, int i) {
  b.p[0] = i; //~ race write-write
}
__device__ void touch(int x, int i) {}

__global__ void k(float *a) {
  Derived d;
  d.p = a;
  touch(d, threadIdx.x);
}

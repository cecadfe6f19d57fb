// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): `operator[]` overloads (const / non-const):
// the first one is inlined
struct Arr {
  int *d;
  __device__ const int &operator[](int i) const { return d[i]; }
  __device__ int &operator[](int i) { return d[i / 2]; }
};
__global__ void k(int *p) {
  Arr a;
  a.d = p;
  a[threadIdx.x] = threadIdx.x;
}

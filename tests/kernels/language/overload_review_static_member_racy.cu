// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): static member overloads: `W::put(..)` calls
// the first static method of the arity
struct W {
  static __device__ void put(int *p, int i) { p[i] = 1; }
  static __device__ void put(int *p, unsigned i) { p[0] = (int)i; } //~ race write-write
};
__global__ void k(int *out) {
  unsigned t = threadIdx.x;
  W::put(out, t);
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): cv-qualified member overloads `f(..) const`
// / `f(..)` — the first defined is called
// Non-const receiver: C++ calls the non-const `at`, which writes d[i / 2]:
// threads 0 and 1 both write d[0].
struct Acc {
  int *d;
  __device__ void at(int i, int v) const { d[i] = v; }
  __device__ void at(int i, int v) { d[i / 2] = v; } //~ race write-write
};
__global__ void k(int *p) {
  Acc a;
  a.d = p;
  a.at(threadIdx.x, threadIdx.x);
}

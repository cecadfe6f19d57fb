// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): `operator[]` overloads (const / non-const):
// the first one is inlined. The non-const `a` calls the non-const one
// ([over.ics.rank]/3.2.6), which writes d[i / 2]: threads 0 and 1 both write d[0].
struct Arr {
  int *d;
  __device__ const int &operator[](int i) const { return d[i]; }
  __device__ int &operator[](int i) { return d[i / 2]; }
};
__global__ void k(int *p) {
  Arr a;
  a.d = p;
  a[threadIdx.x] = threadIdx.x; //~ race write-write
}

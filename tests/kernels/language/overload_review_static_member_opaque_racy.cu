// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): static member overloads in a template
// kernel (opaque `T`)
struct W {
  static __device__ void put(int *p, int v) { p[threadIdx.x] = v; }
  static __device__ void put(float *p, float v) { p[0] = v; } //~ race write-write
};
template <class T> __global__ void k(T *out) {
  W::put(out, (T)threadIdx.x);
}
template __global__ void k<float>(float *);

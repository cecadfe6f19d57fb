// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): member-function overloads are not resolved:
// the first method of the call's arity is called
struct Writer {
  __device__ void put(int *p, int v) { p[threadIdx.x] = v; }
  __device__ void put(float *p, float v) { p[0] = v; } //~ race write-write
};
__global__ void k(float *out) {
  Writer w;
  w.put(out, (float)threadIdx.x);
}

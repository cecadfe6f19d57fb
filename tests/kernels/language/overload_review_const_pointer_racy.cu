// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): const-qualified overloads: `f(const float
// *)` and `f(float *)` are merged as one function (ODR dedupe) and the first
// is kept
__device__ float get(const float *p) { return p[0]; }
__device__ float get(float *p) { p[0] = (float)threadIdx.x; return 0.0f; } //~ race write-write
__global__ void k(float *out, float *res) {
  res[threadIdx.x] = get(out);
}

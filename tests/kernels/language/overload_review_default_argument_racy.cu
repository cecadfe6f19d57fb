// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): default arguments (known, prev. review 4):
// still missed
__device__ void put(float *p, float v) { p[threadIdx.x] = v; }
__device__ void put(double *p, double v, int off = 0) { p[off] = v; } //~ race write-write
__global__ void k(double *out) {
  put(out, (double)threadIdx.x);
}

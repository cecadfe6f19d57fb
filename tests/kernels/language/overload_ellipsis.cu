// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// The twin of overload_ellipsis_racy.cu: the ellipsis candidate is the one
// called and stores to the thread's own element.

__device__ void put(double *p, ...) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}
__device__ void put(float *p, float v) { *p = v; }

__global__ void k(double *res) {
  put(res, (double)threadIdx.x);
}

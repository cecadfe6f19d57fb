// expect-verdict: racy
//--blockDim=256 --gridDim=4
// A candidate with an ellipsis accepts more arguments than it declares
// ([dcl.fct]/3): `put(res, x)` with a `double *` calls `put(double *, ...)`,
// whose plain store every thread makes to one element.

__device__ void put(double *p, ...) { p[0] = threadIdx.x; } //~ race write-write
__device__ void put(float *p, float v) { atomicAdd(p, v); }

__global__ void k(double *res) {
  put(res, (double)threadIdx.x);
}

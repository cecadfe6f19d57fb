// expect-verdict: racy
//--blockDim=256 --gridDim=4
// A candidate with a default argument is viable for a call with fewer
// arguments ([over.match.viable]/2): `put(res, x)` with a `double *`
// calls the three-parameter overload, whose plain store every thread
// makes to one element. The default may be given in the definition, in an
// earlier prototype or in the class's member declaration.

__device__ void put(double *p, double v, int k = 0) { p[k] = v; } //~ race write-write
__device__ void put(float *p, float v) { atomicAdd(p, v); }

__global__ void in_definition(double *res) {
  put(res, (double)threadIdx.x);
}

__device__ void store(double *p, double v, int k = 0);
__device__ void store(float *p, float v) { atomicAdd(p, v); }
__device__ void store(double *p, double v, int k) { p[k] = v; } //~ race write-write

__global__ void in_prototype(double *res) {
  store(res, (double)threadIdx.x);
}

struct Sink {
  __device__ void put(double *p, double v, int k = 0);
  __device__ void put(float *p, float v) { atomicAdd(p, v); }
};
__device__ void Sink::put(double *p, double v, int k) { p[k] = v; } //~ race write-write

__global__ void in_member_declaration(double *res) {
  Sink s;
  s.put(res, (double)threadIdx.x);
}

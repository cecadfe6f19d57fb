// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// The twin of overload_default_argument_racy.cu: the overload with a
// default argument is the one called and each thread stores to its own
// element; the two-parameter overload (a plain store to one element) is
// not viable for a `double *`.

__device__ void put(double *p, double v, int k = 0) {
  p[k + blockIdx.x * blockDim.x + threadIdx.x] = v;
}
__device__ void put(float *p, float v) { *p = v; }

__global__ void in_definition(double *res) {
  put(res, (double)threadIdx.x);
}

__device__ void store(double *p, double v, int k = 0);
__device__ void store(float *p, float v) { *p = v; }
__device__ void store(double *p, double v, int k) {
  p[k + blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void in_prototype(double *res) {
  store(res, (double)threadIdx.x);
}

struct Sink {
  __device__ void put(double *p, double v, int k = 0);
  __device__ void put(float *p, float v) { *p = v; }
};
__device__ void Sink::put(double *p, double v, int k) {
  p[k + blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void in_member_declaration(double *res) {
  Sink s;
  s.put(res, (double)threadIdx.x);
}

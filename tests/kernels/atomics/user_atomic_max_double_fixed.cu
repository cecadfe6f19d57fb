// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// The fixed twin: the first value is read with an atomic too (`atomicAdd`
// of 0), so every access to `*address` is atomic.

__device__ double atomicMax(double *address, double val) {
  unsigned long long *bits = (unsigned long long *)address;
  unsigned long long old = atomicAdd(bits, 0ull);
  unsigned long long assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed,
                    __double_as_longlong(fmax(val, __longlong_as_double(assumed))));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__global__ void maximum(double *result, const double *values) {
  atomicMax(result, values[blockIdx.x * blockDim.x + threadIdx.x]);
}

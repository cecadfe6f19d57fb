// expect-verdict: racy
//--blockDim=128 --gridDim=4
// CUDA has no `double` overload of `atomicMax`: this one is the user's,
// written as a plain load followed by an `atomicCAS` loop. The user's
// definition is what the call runs (not the hardware atomic), so its plain
// load of `*address` races with other threads' `atomicCAS` on it.

__device__ double atomicMax(double *address, double val) {
  unsigned long long *bits = (unsigned long long *)address;
  unsigned long long old = *bits; //~ race atomic-vs-plain
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

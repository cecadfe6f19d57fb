// expect-verdict(min_all<double>): racy
// expect-verdict(min_all<long long>): race-free
// (Since session 53 each instantiation the host template `run` performs
// is checked apart: only the `double` one races.)
//--blockDim=256 --gridDim=64
// The twin of overload_per_instantiation.cu: the overload for `double`
// reads the location with a plain load before its compare-and-swap loop,
// which races with the other threads' atomicCAS (CUDA has no `double`
// overload of atomicMin; this is the bug real programs fixed). Only the
// `double` instantiation calls it: its arm must still be checked.

__device__ long long lowest(long long *a, long long v) {
  return atomicMin(a, v);
}

__device__ double lowest(double *a, double v) {
  unsigned long long *p = (unsigned long long *)a;
  unsigned long long seen = *p; //~ race
  while (v < __longlong_as_double(seen)) {
    unsigned long long old = seen;
    seen = atomicCAS(p, old, __double_as_longlong(v));
    if (seen == old)
      break;
  }
  return __longlong_as_double(seen);
}

template <typename T>
__global__ void min_all(T *res) {
  int i = threadIdx.x + blockIdx.x * blockDim.x + 1;
  lowest(res, (T)i);
}

template <typename T>
void run(T *d) {
  min_all<T><<<64, 256>>>(d);
}

void host(long long *a, double *b) {
  run<long long>(a);
  run<double>(b);
}

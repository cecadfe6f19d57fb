// expect-verdict: race-free
// (Since session 53 each instantiation the host template `run` performs,
// `min_all<long long>` and `min_all<double>`, is checked apart.)
//--blockDim=256 --gridDim=64
// A template kernel instantiated with several types (through a host
// template, each instantiation checked apart) calls a function with one
// overload per type: C++ picks one per instantiation, the same for every
// thread. Each overload is checked in an arm of a branch the threads take
// alike; each is a compare-and-swap loop, race-free.

__device__ long long lowest(long long *a, long long v) {
  long long seen = __nv_atomic_load_n(a, __NV_ATOMIC_RELAXED);
  while (v < seen) {
    long long old = seen;
    seen = atomicCAS((unsigned long long *)a, (unsigned long long)old, (unsigned long long)v);
    if (seen == old)
      break;
  }
  return seen;
}

__device__ double lowest(double *a, double v) {
  unsigned long long *p = (unsigned long long *)a;
  unsigned long long seen = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
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

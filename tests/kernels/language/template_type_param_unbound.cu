// expect-verdict(unbound_element_units): race-free
// expect-verdict(unbound_reinterpreted): unsupported
// expect-verdict(unbound_shared_view): unsupported
//--blockDim=64 --gridDim=1
// A kernel type parameter that no launch in view binds is opaque data of
// unknown size: accesses in units of T (a[i] vs a[j]) meet iff i == j
// whatever its size, so they are checked; reading T's data as another type
// (or another buffer as T) depends on the size: unsupported, not 4 bytes.

template <typename T> __global__ void unbound_element_units(T *a) {
  int tid = threadIdx.x;
  a[tid] = a[tid] + a[tid];
}

// Race-free only if sizeof(T) == 4.
template <typename T> __global__ void unbound_reinterpreted(T *a) {
  int tid = threadIdx.x;
  a[tid] = 0;
  ((int *)a)[tid] = 1;
}

template <typename T> __global__ void unbound_shared_view(T *a) {
  extern __shared__ char smem[];
  T *s = (T *)smem;
  int tid = threadIdx.x;
  s[tid] = a[tid];
  ((int *)smem)[tid] = 1;
}

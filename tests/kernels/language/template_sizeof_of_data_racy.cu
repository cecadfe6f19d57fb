// expect-verdict(sizeof_deref): racy
// expect-verdict(sizeof_element): racy
//--blockDim=64 --gridDim=1
// `sizeof(*a)` and `sizeof(a[0])` for `T *a` with `T` bound by no launch are
// `sizeof(T)`, unknown (at least 1), not the 4 bytes `T`'s data is lowered
// as: for `T = char` thread i + 1 writes the byte thread i writes second.

template <typename T>
__global__ void sizeof_deref(T *a, char *out) {
  int i = threadIdx.x;
  out[i * sizeof(*a)] = 1; //~ race write-write
  out[i * sizeof(*a) + 1] = 2;
}

template <typename T>
__global__ void sizeof_element(T *a, char *out) {
  int i = threadIdx.x;
  out[i * sizeof(a[0])] = 1; //~ race write-write
  out[i * sizeof(a[0]) + 1] = 2;
}

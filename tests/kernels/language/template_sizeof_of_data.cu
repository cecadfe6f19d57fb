// expect-verdict(sizeof_deref_stride): race-free
//--blockDim=64 --gridDim=1
// Race-free twin of template_sizeof_of_data_racy.cu: with `sizeof(*a)`
// unknown but at least 1, the byte `i * sizeof(*a)` of thread i is its own.

template <typename T>
__global__ void sizeof_deref_stride(T *a, char *out) {
  int i = threadIdx.x;
  out[i * sizeof(*a)] = 1;
}

// expect-verdict(unbound_sizeof_offset): racy
// expect-verdict(unbound_element_neighbour): racy
//--blockDim=64 --gridDim=1
// Racy twins of template_type_param_unbound.cu: `sizeof(T)` is an unknown
// size (for sizeof(T) == 1, thread 5 writes b[5], as does thread 1 at
// 4 * 1 + 1), and element accesses that meet still race.

template <typename T> __global__ void unbound_sizeof_offset(T *a, char *b) {
  int tid = threadIdx.x;
  b[tid * sizeof(T)] = 1; //~ race write-write
  b[tid * 4 + 1] = 2;
}

template <typename T> __global__ void unbound_element_neighbour(T *a) {
  int tid = threadIdx.x;
  a[tid + 1] = a[tid]; //~ race write-read
}

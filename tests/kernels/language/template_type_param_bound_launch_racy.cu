// expect-verdict(bound_double_reinterpreted): racy
//--blockDim=64 --gridDim=1
// The launch binds T = double: thread 1's int store at byte 4 overlaps
// thread 0's double a[0] (bytes 0..7).

template <typename T> __global__ void bound_double_reinterpreted(T *a) {
  int tid = threadIdx.x;
  a[tid] = 0; //~ race write-write
  ((int *)a)[tid] = 1;
}

int main() {
  double *d = 0;
  bound_double_reinterpreted<double><<<1, 64>>>(d);
  return 0;
}

// expect-verdict(wide_only<int>): race-free
// expect-verdict(wide_only<float>): race-free
// expect-verdict(wide_only<double>): racy
//--blockDim=64 --gridDim=4
// The twin of per_instantiation.cu: thread i writes byte 4 * i, which is in
// its own element when sizeof(T) == 4, but in element i / 2 when
// sizeof(T) == 8: only the `double` instantiation (deduced) races.

template <typename T>
__global__ void wide_only(T *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ((char *)a)[i * 4] = 1; //~ race write-write
  a[i] = (T)2;
}

int main() {
  int *x;
  float *f;
  double *y;
  wide_only<int><<<4, 64>>>(x);
  wide_only<float><<<4, 64>>>(f);
  wide_only<<<4, 64>>>(y);
}

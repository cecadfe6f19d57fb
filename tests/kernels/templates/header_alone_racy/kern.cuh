// expect-verdict(fill_wide<float>): race-free
// expect-verdict(fill_wide<double>): racy
//--blockDim=64 --gridDim=4
// The twin of header_alone/kern.cuh: byte 4 * i is in another thread's
// element for 8-byte types; main.cu's `double` launch must be reported.

template <typename T>
__global__ void fill_wide(T *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ((char *)a)[i * 4] = 1; //~ race write-write
  a[i] = (T)2;
}

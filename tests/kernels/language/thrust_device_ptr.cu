// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// A `thrust::device_ptr<T>` parameter is a `T *` into device memory: its
// subscripts are that pointer's. Each thread reads and writes its own element.
#include <thrust/device_ptr.h>

__global__ void copy_in(thrust::device_ptr<const int> in, thrust::device_ptr<int> out, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i >= n) return;
  out[i] = in[i] + 1;
}

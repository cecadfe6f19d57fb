// expect-verdict: racy
//--blockDim=256 --gridDim=8
// As thrust_device_ptr.cu, but every thread also writes `out[0]`.
#include <thrust/device_ptr.h>

__global__ void copy_in(thrust::device_ptr<const int> in, thrust::device_ptr<int> out, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i >= n) return;
  out[0] = in[i]; //~ race write-write
}

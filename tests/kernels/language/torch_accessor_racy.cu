// expect-verdict: racy
//--blockDim=128 --gridDim=16
// Twins of torch_accessor.cu. Two threads share a row (`i / 2`); every
// thread of a block writes its block's element; a kernel that reads the
// strides keeps them symbolic (stride 0 is a legal layout: `expand()`), so
// its rows may overlap.

#include <ATen/ATen.h>

__global__ void shared_row(at::PackedTensorAccessor64<float, 2, at::RestrictPtrTraits> out) {
  int64_t i = (blockIdx.x * blockDim.x + threadIdx.x) / 2;
  if (i < out.size(0))
    out[i][0] = threadIdx.x; //~ race write-write
}

__global__ void per_block(at::PackedTensorAccessor64<float, 1, at::RestrictPtrTraits> out) {
  if (blockIdx.x < out.size(0))
    out[blockIdx.x] += threadIdx.x; //~ race read-write, race write-write
}

__global__ void observed_strides(at::PackedTensorAccessor64<float, 2, at::RestrictPtrTraits> out) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < out.size(0))
    out.data()[i * out.stride(0)] = i; //~ race write-write
}

// expect-verdict: race-free
//--blockDim=128
// PyTorch packed tensor accessors as kernel parameters, with ATen's headers
// not in view: `acc[i][j]` is data[i * stride(0) + j * stride(1)], sizes and
// strides are values of the whole grid. Under the default accessor-layout
// assumption (no overlapping layout, subscripts in bounds), each thread's
// row of `r` and element of `out` are its own; `data()` gives the data
// pointer, indexed like any pointer.

#include <ATen/ATen.h>

template <typename T, size_t N, template <typename U> class PtrTraits = at::DefaultPtrTraits>
using PackedTensorAccessor32 = at::GenericPackedTensorAccessor<T, N, PtrTraits, int>;

__global__ void row_sums(at::PackedTensorAccessor64<float, 1, at::RestrictPtrTraits> r,
                         const at::GenericPackedTensorAccessor<float, 2, at::RestrictPtrTraits, int64_t> m) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < r.size(0)) {
    float s = 0.0f;
    for (int64_t j = 0; j < m.size(1); j++)
      s += m[i][j];
    r[i] = s;
  }
}

template <typename scalar_t>
__global__ void scale3(PackedTensorAccessor32<scalar_t, 3, at::RestrictPtrTraits> out,
                       const PackedTensorAccessor32<scalar_t, 3, at::RestrictPtrTraits> in) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < out.size(2))
    out[blockIdx.z][blockIdx.y][c] = 2 * in[blockIdx.z][blockIdx.y][c];
}

__global__ void flat_copy(at::PackedTensorAccessor64<float, 2, at::RestrictPtrTraits> out,
                          const at::PackedTensorAccessor64<float, 2, at::RestrictPtrTraits> in, int64_t n) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out.data()[i] = in.data()[i];
}

// expect-verdict: race-free
//--blockDim=256 --gridDim=32
// Half-precision and fast-math intrinsics (`__hfma2`, `__float2half2_rn`,
// `__low2float`, `__expf`) are functions of their values: reading `a[i]` and
// `b[i]` through pointers to const writes nothing.

#include <cuda_fp16.h>

__global__ void dot(half2 const *const a, half2 const *const b, float *partial,
                    int n) {
  half2 value = __float2half2_rn(0.f);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    value = __hfma2(a[i], b[i], value);
  float2 both = __half22float2(value);
  partial[blockIdx.x * blockDim.x + threadIdx.x] =
      __low2float(value) + __high2float(value) + __expf(both.x);
}

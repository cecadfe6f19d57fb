// expect-verdict: racy
//--blockDim=256 --gridDim=1
// The buggy twin: every thread stores its half-precision sum to the same
// element (pure intrinsics do not hide the store).

#include <cuda_fp16.h>

__global__ void dot(half2 const *a, half2 const *b, half *sum) {
  half2 value = __hmul2(a[threadIdx.x], b[threadIdx.x]);
  sum[0] = __hadd(__low2half(value), __high2half(value)); //~ race write-write
}

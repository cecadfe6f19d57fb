// expect-verdict(bounds): race-free
// expect-verdict(two_checks): race-free
// `x < w && y >= 0 && y < h`: tree-sitter reads `x < w && y >` as a template
// argument list and `= 0 && y < h` as an assignment to it; `x` is a variable,
// so the front end regroups the tokens as comparisons.
#include <cuda_runtime.h>

template <typename T> __device__ T twice(T v) { return v + v; }

__global__ void bounds(const float *src, float *dst, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y - 1;
  float v = (x < w && y >= 0 && y < h) ? src[y * w + x] : 0.f;
  bool in = (x >= 0 && x < w && y >= 0 && y < h);
  if (in) dst[y * w + x] = twice<float>(v);
}

__global__ void two_checks(float *dst, int w, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  // A second misreading further right, and arithmetic inside the "argument".
  bool in = (x < w - 1 + 1 && x >= 0 && x < n && n >= 1);
  if (in) dst[x] = 1.f;
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 64 * 64 * 4);
  cudaMalloc(&b, 64 * 64 * 4);
  bounds<<<dim3(4, 4), dim3(16, 16)>>>(a, b, 64, 64);
  two_checks<<<4, 256>>>(b, 64, 1024);
  return 0;
}

// expect-verdict(off_by_one): racy
// expect-verdict(or_looser): racy
// expect-verdict(shared_unguarded): racy
// Twins of less_then_greater_equal.cu: the regrouped comparison must keep each
// operator's precedence and operands.
#include <cuda_runtime.h>

__global__ void off_by_one(float *dst, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  // x == w writes the element of thread (0, y + 1).
  bool in = (x < w + 1 && y >= 0 && y < h);
  if (in) dst[y * w + x] = (float)x; //~ race write-write
}

__global__ void or_looser(float *dst, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  // `||` binds looser than `&&`: any x passes when y < h.
  bool in = (x < w && y >= h || y < h);
  if (in) dst[y * w + x] = (float)x; //~ race write-write
}

__global__ void shared_unguarded(const float *in, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  if (t < n && t >= 0) s[t] = in[t]; //~ race write-read
  // Missing barrier: the read of another thread's element races.
  float v = (t < n && n - 1 - t >= 0) ? s[n - 1 - t] : 0.f;
  out[blockIdx.x * 256 + t] = v;
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 64 * 64 * 4);
  cudaMalloc(&b, 64 * 64 * 4);
  off_by_one<<<dim3(4, 4), dim3(16, 16)>>>(b, 32, 64);
  or_looser<<<dim3(4, 4), dim3(16, 16)>>>(b, 32, 64);
  shared_unguarded<<<4, 256>>>(a, b, 256);
  return 0;
}

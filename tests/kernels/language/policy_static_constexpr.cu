// expect-verdict(tile): race-free
// expect-verdict(direct): race-free
// A launch policy's static constexpr member (`Policy::BLOCK`, the policy bound
// by the launch `tile<Policy256><<<..>>>`) read into a kernel-local constexpr
// and used as a __shared__ extent, and read directly.
#include <cuda_runtime.h>

struct Policy256 {
  static constexpr int BLOCK = 256;
  static const int HALF = BLOCK / 2;
};

template <typename Policy>
__global__ void tile(const float *in, float *out) {
  constexpr int BLOCK = Policy::BLOCK;
  __shared__ float s[BLOCK];
  s[threadIdx.x] = in[blockIdx.x * BLOCK + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * BLOCK + threadIdx.x] = s[BLOCK - 1 - threadIdx.x];
}

__global__ void direct(float *out) {
  __shared__ float s[Policy256::BLOCK];
  s[threadIdx.x] = 1.f;
  __syncthreads();
  if (threadIdx.x < Policy256::BLOCK / 2)
    out[blockIdx.x * Policy256::BLOCK + threadIdx.x] = s[threadIdx.x + Policy256::BLOCK / 2];
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 1024 * 4);
  cudaMalloc(&b, 1024 * 4);
  tile<Policy256><<<4, 256>>>(a, b);
  direct<<<4, 256>>>(b);
  return 0;
}

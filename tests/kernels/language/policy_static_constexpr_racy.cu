// expect-verdict(no_barrier): racy
// expect-verdict(member_not_global): racy
// expect-verdict(per_policy<Policy256>): race-free
// expect-verdict(per_policy<Policy128>): racy
// Twins of policy_static_constexpr.cu. per_policy is instantiated with two
// policies, each checked apart: `Policy::BLOCK` must not be read as the
// file-scope `BLOCK` (256, which would hide the race of Policy128).
#include <cuda_runtime.h>

struct Policy256 { static constexpr int BLOCK = 256; };
struct Policy128 { static constexpr int BLOCK = 128; };

// A file-scope constant of the same name: `Policy::BLOCK` is the member.
constexpr int BLOCK = 256;

template <typename Policy>
__global__ void no_barrier(const float *in, float *out) {
  constexpr int B = Policy::BLOCK;
  __shared__ float s[B];
  s[threadIdx.x] = in[blockIdx.x * B + threadIdx.x]; //~ race write-read
  // Missing barrier.
  out[blockIdx.x * B + threadIdx.x] = s[B - 1 - threadIdx.x];
}

template <typename Policy>
__global__ void member_not_global(float *out) {
  __shared__ float s[256];
  // 128 with Policy128: threads t and t + 128 write the same element.
  s[threadIdx.x % Policy::BLOCK] = (float)threadIdx.x; //~ race write-write
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
}

template <typename Policy>
__global__ void per_policy(float *out) {
  constexpr int B = Policy::BLOCK;
  __shared__ float s[256];
  s[threadIdx.x % B] = (float)threadIdx.x; //~ race write-write
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 1024 * 4);
  cudaMalloc(&b, 1024 * 4);
  no_barrier<Policy256><<<4, 256>>>(a, b);
  member_not_global<Policy128><<<4, 256>>>(b);
  per_policy<Policy256><<<4, 256>>>(b);
  per_policy<Policy128><<<4, 256>>>(b);
  return 0;
}

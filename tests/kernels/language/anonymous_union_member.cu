// expect-verdict(reuse): race-free
// expect-verdict(nested): race-free
// CUB-style temp storage: the members of an anonymous union (and of an
// anonymous struct in it) are members of the enclosing class, all the union's
// members at the union's offset. Barriers separate the reuses.
#include <cuda_runtime.h>

struct TempStorage {
  int flag;
  union {
    int load[256];
    int scan[64];
  };
};

struct Nested {
  union {
    struct {
      int lo[128];
      int hi[128];
    };
    int all[256];
  };
};

__global__ void reuse(const int *in, int *out) {
  __shared__ TempStorage t;
  t.load[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  int v = t.load[255 - threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 64) t.scan[threadIdx.x] = v;
  if (threadIdx.x == 0) t.flag = v;
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = v + t.scan[threadIdx.x % 64] + t.flag;
}

__global__ void nested(int *out) {
  __shared__ Nested s;
  if (threadIdx.x >= 128) s.hi[threadIdx.x - 128] = 2;
  if (threadIdx.x < 128) s.lo[threadIdx.x] = 3;
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s.all[threadIdx.x];
}

int main() {
  int *a, *b;
  cudaMalloc(&a, 1024 * 4);
  cudaMalloc(&b, 1024 * 4);
  reuse<<<4, 256>>>(a, b);
  nested<<<4, 256>>>(b);
  return 0;
}

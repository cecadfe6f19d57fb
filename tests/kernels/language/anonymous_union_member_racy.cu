// expect-verdict(missing_barrier): racy
// expect-verdict(overlap_nested): racy
// expect-verdict(member_offset): racy
// Twins of anonymous_union_member.cu: the union's members share storage, so a
// missing barrier between two uses of it races.
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

struct Pair {
  union {
    int x[2];
    struct {
      int p;
      int q;
    };
  };
};

__global__ void missing_barrier(const int *in, int *out) {
  __shared__ TempStorage t;
  t.load[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  int v = t.load[255 - threadIdx.x];
  // Missing barrier: scan[i] is load[i], still read by thread 255 - i.
  if (threadIdx.x < 64) t.scan[threadIdx.x] = v; //~ race write-read
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = v + t.scan[threadIdx.x % 64];
}

__global__ void overlap_nested(int *out) {
  __shared__ Nested s;
  s.all[threadIdx.x] = (int)threadIdx.x; //~ race write-read
  // hi[i] is all[128 + i], written by another thread.
  out[blockIdx.x * 256 + threadIdx.x] = s.hi[threadIdx.x % 128];
}

__global__ void member_offset(int *out) {
  __shared__ Pair s;
  // q is x[1].
  if (threadIdx.x == 0) s.q = 1; //~ race write-write
  if (threadIdx.x == 1) s.x[1] = 2;
  __syncthreads();
  out[threadIdx.x] = s.x[0];
}

int main() {
  int *a, *b;
  cudaMalloc(&a, 1024 * 4);
  cudaMalloc(&b, 1024 * 4);
  missing_barrier<<<4, 256>>>(a, b);
  overlap_nested<<<4, 256>>>(b);
  member_offset<<<1, 256>>>(b);
  return 0;
}

// Claimed race: as grid_plain, but with cg::sync(grid) from a device helper.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ void barrier_all() { cg::sync(cg::this_grid()); }
__global__ void grid_plain_fn(int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) out[0] = 1;
  barrier_all();
  if (blockIdx.x == 1 && threadIdx.x == 0) out[1] = out[0];
}
int main() { int *b; cudaMalloc(&b, 64); grid_plain_fn<<<2, 32>>>(b); return 0; }

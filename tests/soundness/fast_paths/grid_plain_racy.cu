// Claimed race: plain (non-cooperative) launch, grid.sync() orders nothing between blocks:
// block 1 reads out[0] written by block 0 (the tool must report a race or the non-cooperative warning).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void grid_plain(int *out) {
  cg::grid_group g = cg::this_grid();
  if (blockIdx.x == 0 && threadIdx.x == 0) out[0] = 1;
  g.sync();
  if (blockIdx.x == 1 && threadIdx.x == 0) out[1] = out[0];
}
int main() { int *b; cudaMalloc(&b, 64); grid_plain<<<2, 32>>>(b); return 0; }

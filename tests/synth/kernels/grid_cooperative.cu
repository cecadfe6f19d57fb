// Two phases over a global buffer: each thread then reads the slot a thread of
// another block wrote. The kernel already names its grid, so a grid barrier is
// the repair `fix` applies without being asked.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void two_phase(int *A, int *out) {
    cg::grid_group grid = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    A[i] = i * 3;
    out[i] = A[(i + blockDim.x) % (blockDim.x * gridDim.x)];
}

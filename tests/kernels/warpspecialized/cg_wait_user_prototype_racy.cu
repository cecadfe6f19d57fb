// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A program's own `wait` (declared here, defined elsewhere) is what C++
// overload resolution picks over cooperative groups' `wait` template: it is
// unknown code, not a barrier of the block.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void wait(const cg::thread_block &g);

__global__ void declared_wait(float *out) {
    __shared__ float s[64];
    cg::thread_block b = cg::this_thread_block();
    s[threadIdx.x] = threadIdx.x; //~ race write-read
    wait(b);
    out[threadIdx.x] = s[63 - threadIdx.x];
}

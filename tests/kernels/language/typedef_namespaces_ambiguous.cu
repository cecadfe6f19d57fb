// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// The front end does not follow using-directives: which namespace's `V`
// an unqualified `V` means is not resolved, and the kernel is reported
// rather than checked with the last definition seen.

namespace narrow { typedef unsigned char V; }
namespace wide { typedef int V; }
using namespace narrow;

__global__ void unresolved_typedef(int *out) {
    __shared__ unsigned char buf[256];
    V *p = (V *)buf;
    p[threadIdx.x] = 1;
    buf[4 * threadIdx.x + 1] = 2;
}

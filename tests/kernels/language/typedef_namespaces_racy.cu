// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `narrow::V` is unsigned char whatever another namespace calls `V`
// ([namespace.qual]): thread 1 stores byte 1 through `p`, and thread 0
// stores byte 1 through `buf`.

namespace narrow { typedef unsigned char V; }
namespace wide { typedef int V; }

__global__ void qualified_typedef(int *out) {
    __shared__ unsigned char buf[256];
    narrow::V *p = (narrow::V *)buf;
    p[threadIdx.x] = 1;           //~ race write-write
    buf[4 * threadIdx.x + 1] = 2;
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// `wide::V` is int, and an unqualified `V` inside namespace `wide` is
// `wide::V` ([basic.lookup.unqual]): each thread stores its own 4-byte
// word, and only byte 3 of it through `buf`.

namespace wide { typedef int V; }
namespace narrow { using V = unsigned char; }

__global__ void qualified_typedef(int *out) {
    __shared__ unsigned char buf[256];
    wide::V *p = (wide::V *)buf;
    p[threadIdx.x] = 1;
    buf[4 * threadIdx.x + 3] = 2;
}

namespace wide {
__global__ void enclosing_namespace_typedef(int *out) {
    __shared__ unsigned char buf[256];
    V *p = (V *)buf;
    p[threadIdx.x] = 1;
    buf[4 * threadIdx.x + 3] = 2;
}
}

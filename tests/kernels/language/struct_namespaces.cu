// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// `narrow::E` is one byte, `wide::E` four: the front end keys struct tags
// by their unqualified name, so a kernel using `E` is reported rather than
// checked with one of the two layouts (with the 4-byte one the race on
// byte 1 would be missed).

namespace wide { struct E { int b; }; }
namespace narrow { struct E { unsigned char b; }; }

__global__ void namespaced_struct(int *out) {
    __shared__ unsigned char buf[256];
    narrow::E *p = (narrow::E *)buf;
    p[threadIdx.x].b = 1;
    buf[4 * threadIdx.x + 1] = 2;
}

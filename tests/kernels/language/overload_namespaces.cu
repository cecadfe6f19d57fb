// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `a::put` and `b::put` have the same parameters but are different
// functions: they are not merged as one definition, and since the front
// end collects candidates by unqualified name the call is not resolved to
// the first one written (which would miss the race of `b::put`, where every
// thread writes s[0]): both are checked, as arms of a branch.

namespace a { __device__ void put(float *p) { p[threadIdx.x] = 1.0f; } }
namespace b { __device__ void put(float *p) { p[0] = threadIdx.x; } } //~ race write-write

__global__ void namespaced_overload(float *s) {
    b::put(s);
}

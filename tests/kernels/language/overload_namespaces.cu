// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// `a::put` and `b::put` have the same parameters but are different
// functions: they are not merged as one definition, and since the front
// end collects candidates by unqualified name the call is reported rather
// than resolved to the first one written (which would miss the race of
// `b::put`, where every thread writes s[0]).

namespace a { __device__ void put(float *p) { p[threadIdx.x] = 1.0f; } }
namespace b { __device__ void put(float *p) { p[0] = threadIdx.x; } }

__global__ void namespaced_overload(float *s) {
    b::put(s);
}

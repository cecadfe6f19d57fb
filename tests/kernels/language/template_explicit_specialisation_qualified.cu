// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// The specialisation is defined under a qualified name: which template it
// specialises is not followed, so the call is reported, never resolved to
// the primary (which would drop the specialisation's racy store).

namespace ops {
template <int K> __device__ void put(float *p, unsigned i) { p[i] = i; }
}
template <> __device__ void ops::put<1>(float *p, unsigned i) { p[0] = i; }

using namespace ops;

__global__ void qualified(float *a) { put<1>(a, threadIdx.x); }

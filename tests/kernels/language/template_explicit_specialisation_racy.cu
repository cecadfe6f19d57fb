// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The specialisations are selected by the template argument's value
// ([temp.expl.spec]): with `op` symbolic each runs under its condition, so
// the racy `Odd` one is reported; `get<Op::Shared>` runs the racy `Shared`
// specialisation, not the primary.

enum class Op { Own, Odd, Shared };

template <Op op> __device__ void put(float *p, unsigned i) {}
template <> __device__ void put<Op::Own>(float *p, unsigned i) { p[i] = 1; }
template <> __device__ void put<Op::Odd>(float *p, unsigned i) { p[i / 2] = i; } //~ race write-write

template <Op op> __global__ void per_value(float *a) { put<op>(a, threadIdx.x); }

template <Op op> __device__ void get(float *p, unsigned i) { p[i] = 0; }
template <> __device__ void get<Op::Own>(float *p, unsigned i) { p[i] = 1; }
template <> __device__ void get<Op::Shared>(float *p, unsigned i) { p[0] = i; } //~ race write-write

__global__ void known_value(float *a) { get<Op::Shared>(a, threadIdx.x); }

// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// `put<op>` runs the explicit specialisation written for the value of
// `op` ([temp.expl.spec]), the primary template for any other value:
// with `op` a kernel template parameter no launch binds, each runs under
// its condition. None of them races. `put<Op::Own>` in a non-template
// kernel runs the `Own` specialisation only: the racy primary and the
// racy `Shared` specialisation are not called.

enum class Op { Own, Odd, Shared };

template <Op op> __device__ void put(float *p, unsigned i) {}
template <> __device__ void put<Op::Own>(float *p, unsigned i) { p[i] = 1; }
template <> __device__ void put<Op::Odd>(float *p, unsigned i) { p[2 * i + 1] = 2; }

template <Op op> __global__ void per_value(float *a) { put<op>(a, threadIdx.x); }

template <Op op> __device__ void get(float *p, unsigned i) { p[0] = 0; }
template <> __device__ void get<Op::Own>(float *p, unsigned i) { p[i] = 1; }
template <> __device__ void get<Op::Shared>(float *p, unsigned i) { p[0] = 3; }

__global__ void known_value(float *a) { get<Op::Own>(a, threadIdx.x); }

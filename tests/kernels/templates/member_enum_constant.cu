// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// Constant members of class templates read as `S<A>::NAME`: an enumerator
// of an unscoped enum (`enum { VALUE = .. }`, cub's `PowerOfTwo<N>`) and a
// `static constexpr` member, each evaluated with the template's parameters
// bound to the arguments: a literal, a parameter of the function template
// being inlined (`Stride<W>::VALUE` in `spread<4>`), and a default argument.
// Every store is at its thread's own slot only with the right values: an
// unknown stride could be 0 and make all threads meet.

template <int N>
struct IsPow2 {
  enum { VALUE = ((N & (N - 1)) == 0) };
};

template <int LOG, int EXTRA = 1>
struct Stride {
  enum { ZERO, VALUE = (1 << LOG) + EXTRA - 1, NEXT };
};

template <int N>
struct Square {
  static constexpr int VALUE = N * N;
};

template <int W>
__device__ int spread(int t) {
  constexpr bool pow2 = IsPow2<W>::VALUE;
  if (pow2)
    return t * Stride<W>::VALUE;
  return 0;
}

__global__ void enum_member_slots(int *o, int *p, int *q) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[spread<4>(t)] = t;                    // stride 16
  p[t * Square<3>::VALUE + 8] = t;        // stride 9, slot 8 of 9
  q[t * Stride<1, 2>::NEXT] = t;          // NEXT = VALUE + 1 = 4
  q[t * Stride<1, 2>::NEXT + 1] = t;
}

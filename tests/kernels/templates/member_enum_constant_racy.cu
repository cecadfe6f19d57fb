// expect-verdict: racy
//--blockDim=64 --gridDim=4
// The twin of member_enum_constant.cu: the class templates' constant
// members give strides that make threads meet (`Halve<2>::VALUE` is 1 with
// a division by 2 after it), and a member whose initializer the checker
// cannot evaluate (a call of a constexpr function) is an unknown constant,
// never a value it guesses: here it is 0 and every thread writes slot 0.

template <int N>
struct Halve {
  enum { VALUE = N / 2 };
};

constexpr int none(int n) { return n - n; }

template <int N>
struct Opaque {
  enum { VALUE = none(N) };
};

template <int W>
__device__ int half_slot(int t) {
  return t / (Halve<W>::VALUE + 1);
}

__global__ void enum_member_meet(int *o, int *p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[half_slot<2>(t)] = t; //~ race write-write
  p[t * Opaque<8>::VALUE] = t; //~ race write-write
}

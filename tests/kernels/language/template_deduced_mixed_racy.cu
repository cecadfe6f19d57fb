// expect-verdict(apply_both<Twice>): racy
// expect-verdict(apply_both<Shift>): race-free
// (Since session 53 each deduced instantiation is checked apart.)
// Two launches deducing different types for `F` (`Shift` and `Twice`):
// each instantiation is checked apart; `Twice` maps two threads to one
// element.

struct Shift {
  int k;
  __device__ int operator()(int i) const { return i + k; }
};

struct Twice {
  __device__ int operator()(int i) const { return i / 2; }
};

template <typename F>
__global__ void apply_both(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[f(i)] = i; //~ race write-write
}

int main() {
  float *a;
  int n = 1 << 20;
  Shift s{0};
  apply_both<<<n / 256, 256>>>(a, n, s);
  apply_both<<<n / 256, 256>>>(a, n, Twice{});
}

// expect-verdict(apply_both): unsupported
// Two launches deducing different types for `F` (`Shift` and `Twice`): one
// kernel is not checked per instantiation, so the parameter keeps the sound
// fallback (opaque data) and the call through it is refused, never taken
// as race-free.

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
  if (i < n) out[f(i)] = i;
}

int main() {
  float *a;
  int n = 1 << 20;
  Shift s{0};
  apply_both<<<n / 256, 256>>>(a, n, s);
  apply_both<<<n / 256, 256>>>(a, n, Twice{});
}

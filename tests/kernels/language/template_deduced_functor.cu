// expect-verdict(apply_shifted): race-free
// expect-verdict(scale_pointer): race-free
// expect-verdict(apply_temporary): race-free
// A kernel template whose type parameters are deduced from its launch's
// arguments ([temp.deduct.call]): `F` from a variable `Shift s{3}` passed by
// value, `T` from the pointee of `double *d`, `F` from the temporaries
// `Stride{}` and `Stride()`. Each kernel runs with the deduced type (a
// function object's `operator()`, an 8-byte element).

struct Shift {
  int k;
  __device__ int operator()(int i) const { return i + k; }
};

struct Stride {
  __device__ int operator()(int i) const { return 2 * i; }
};

template <typename F>
__global__ void apply_shifted(float *out, const float *in, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[f(i) % n];
}

template <typename T>
__global__ void scale_pointer(T *d, T factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i] = d[i] * factor;
  // The upper half of this thread's own 8-byte element (with `T` taken
  // as 4 bytes it would be the element of thread 2i + 1).
  ((float *)d)[2 * i + 1] = 0.0f;
}

template <typename F>
__global__ void apply_temporary(float *out, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[f(i)] = 1.0f;
  out[f(i) + 1] = 2.0f;
}

int main() {
  float *a, *b;
  double *d;
  double two = 2.0;
  int n = 1 << 20;
  Shift s{3};
  apply_shifted<<<n / 256, 256>>>(a, b, n, s);
  scale_pointer<<<n / 256, 256>>>(d, two);
  apply_temporary<<<n / 256, 256>>>(a, Stride{});
  apply_temporary<<<n / 512, 256>>>(b, Stride());
}

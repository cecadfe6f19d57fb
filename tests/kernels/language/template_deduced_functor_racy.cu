// expect-verdict(collide): racy
// expect-verdict(collide_temporary): racy
// expect-verdict(halves): racy
// Racy twins of template_deduced_functor.cu: the deduced function object's
// index collides (`i % 4`; `i / 2 + k` with the temporary's unknown `k`),
// and a 4-byte store at `(float *)d + 2 * i + 2` lands in the next thread's
// 8-byte element deduced from `double *`.

struct Mod4 {
  __device__ int operator()(int i) const { return i % 4; }
};

struct Shift {
  int k;
  __device__ int operator()(int i) const { return i / 2 + k; }
};

template <typename F>
__global__ void collide(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[f(i)] = i; //~ race write-write
}

template <typename F>
__global__ void collide_temporary(float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[f(i)] = i; //~ race write-write
}

template <typename T>
__global__ void halves(T *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i] = (T)i; //~ race write-write
  ((float *)d)[2 * i + 2] = 0.0f; //~ race write-write
}

int main() {
  float *a;
  double *d;
  int n = 1 << 20;
  Mod4 m;
  collide<<<n / 256, 256>>>(a, n, m);
  collide_temporary<<<n / 256, 256>>>(a, n, Shift{1});
  halves<<<n / 256, 256>>>(d);
}

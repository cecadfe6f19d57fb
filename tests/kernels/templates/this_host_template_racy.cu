// expect-verdict: unsupported
//--blockDim=64 --gridDim=4
// The host template `launch` is a member also called as `this->launch<double>`
// (a template_method, not a plain call): its instantiations are not all
// enumerated, so the kernel's type parameter stays opaque and the byte view
// is refused, never checked as the `int` instantiation alone (the `double`
// one races).

template <class T>
__global__ void widen_this(T *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ((char *)b)[i * 4] = 1;
  b[i] = (T)2;
}

struct Solver {
  template <class T> void launch(T *p) { widen_this<T><<<4, 64>>>(p); }
  void warmup(int *p) { launch<int>(p); }
  void wide(double *p) { this->launch<double>(p); }
};

int main() {
  Solver s;
  int *x;
  double *d;
  s.warmup(x);
  s.wide(d);
}

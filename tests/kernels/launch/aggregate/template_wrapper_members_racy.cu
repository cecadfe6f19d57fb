// expect-verdict: racy
// Near misses of template_wrapper_members.cu: a second call of the function
// template passes other heads (rows of 32 floats for blocks of 64 threads:
// the parameter has no single value, and that call races), a
// specialization also called through a function pointer with other heads
// (those calls are not seen as calls), and one call whose constants make
// rows too short for the block.

template <typename T>
struct Cols {
  T *tgt;
  const int words;
  const int heads;
  const int size;
};

__global__ void two_calls(Cols<float> p) {
  p.tgt[blockIdx.x * p.size + threadIdx.x] = threadIdx.x; //~ race write-write
}

template <typename T>
void run_two(T *d, int batch, int hidden, int heads) {
  Cols<T> p{d, batch, heads, hidden / heads};
  two_calls<<<p.words, 64>>>(p);
}

__global__ void by_pointer(Cols<float> p) {
  p.tgt[blockIdx.x * p.size + threadIdx.x] = threadIdx.x; //~ race write-write
}

template <typename T>
void run_pointer(T *d, int batch, int hidden, int heads) {
  Cols<T> p{d, batch, heads, hidden / heads};
  by_pointer<<<p.words, 64>>>(p);
}

__global__ void short_heads(Cols<float> p) {
  p.tgt[blockIdx.x * p.size + threadIdx.x] = threadIdx.x; //~ race write-write
}

template <typename T>
void run_short(T *d, int batch, int hidden, int heads) {
  Cols<T> p{d, batch, heads, hidden / heads};
  short_heads<<<p.words, 64>>>(p);
}

int main() {
  int batch = 64;
  int hidden = 768;
  int heads = 12;
  float *d;
  cudaMalloc(&d, sizeof(float) * batch * hidden);
  run_two<float>(d, batch, hidden, heads);
  run_two<float>(d, batch, hidden, 24);
  void (*f)(float *, int, int, int) = run_pointer<float>;
  f(d, 64, 768, 24);
  run_pointer<float>(d, batch, hidden, heads);
  run_short<float>(d, batch, hidden, 24);
  return 0;
}

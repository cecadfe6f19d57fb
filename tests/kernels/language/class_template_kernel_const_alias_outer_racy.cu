// expect-verdict: racy
// Racy twin: the kernel's `threads = BLOCK` is declared in an inner block,
// so the class template argument after that block names the file-scope
// `threads` (1): thread t's items at t, t + 1, .. meet those of thread t + 1.
// The local must not be taken for the name outside its scope.

constexpr int threads = 1;

template <typename T, int THREADS, int ITEMS>
struct Striped {
  T *base;
  __device__ Striped(T *b) : base(b) {}
  __device__ void store(const T (&items)[ITEMS]) {
    for (int i = 0; i < ITEMS; i++)
      base[i * THREADS + threadIdx.x] = items[i]; //~ race write-write
  }
};

template <int BLOCK>
__global__ void striped_store_outer(float *out, int *n) {
  {
    constexpr int threads = BLOCK;
    n[blockIdx.x * BLOCK + threadIdx.x] = threads;
  }
  float items[4] = {1.f, 2.f, 3.f, 4.f};
  Striped<float, threads, 4>(out + blockIdx.x * 4 * BLOCK).store(items);
}

int main() {
  float *out;
  int *n;
  striped_store_outer<128><<<4, 128>>>(out, n);
}

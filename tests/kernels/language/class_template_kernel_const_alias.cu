// expect-verdict: race-free
// A class template's non-type parameter given by a `constexpr` local of the
// kernel that copies the kernel's own template parameter (`constexpr int
// threads = BLOCK;` then `Striped<float, threads, 4>`, as CUB-style kernels
// write) has that parameter's value: each block stores its own 4 * BLOCK
// elements, thread t at t, t + BLOCK, t + 2 * BLOCK, t + 3 * BLOCK.

template <typename T, int THREADS, int ITEMS>
struct Striped {
  T *base;
  __device__ Striped(T *b) : base(b) {}
  __device__ void store(const T (&items)[ITEMS]) {
    for (int i = 0; i < ITEMS; i++)
      base[i * THREADS + threadIdx.x] = items[i];
  }
};

template <int BLOCK>
__global__ void striped_store(float *out) {
  constexpr int threads = BLOCK;
  typedef Striped<float, threads, 4> StoreT;
  float items[4] = {1.f, 2.f, 3.f, 4.f};
  StoreT(out + blockIdx.x * threads * 4).store(items);
}

int main() {
  float *out;
  striped_store<128><<<16, 128>>>(out);
}

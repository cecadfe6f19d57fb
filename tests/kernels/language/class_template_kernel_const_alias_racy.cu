// expect-verdict: racy
// Racy twin: each block's segment starts 2 * BLOCK after the previous one
// but spans 4 * BLOCK elements, so neighbouring blocks overlap. The
// `constexpr` local copies the kernel's template parameter (`Striped<float,
// threads, 4>`): the stride is BLOCK in the member function too.

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
__global__ void striped_store_overlap(float *out) {
  constexpr int threads = BLOCK;
  typedef Striped<float, threads, 4> StoreT;
  float items[4] = {1.f, 2.f, 3.f, 4.f};
  StoreT(out + blockIdx.x * threads * 2).store(items);
}

int main() {
  float *out;
  striped_store_overlap<128><<<16, 128>>>(out);
}

// expect-verdict: racy
// Racy twin: the local is an `unsigned char`, so `threads` is BLOCK converted
// to it: 257 becomes 1, and thread t's items at t, t + 1, .. meet those of
// thread t + 1. The alias must carry the conversion, not BLOCK itself.

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
__global__ void striped_store_narrow(float *out) {
  constexpr unsigned char threads = BLOCK;
  float items[4] = {1.f, 2.f, 3.f, 4.f};
  Striped<float, threads, 4>(out + blockIdx.x * 2048).store(items);
}

int main() {
  float *out;
  striped_store_narrow<257><<<4, 257>>>(out);
}

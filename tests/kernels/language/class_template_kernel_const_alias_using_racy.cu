// expect-verdict: racy

// A using-declaration in an inner block hides the kernel's local copy of its
// template parameter: `threads` there is N::threads (1), so the striped store
// steps by 1 while BLOCK threads store, and neighbours overwrite each other.

template <typename T, int THREADS, int ITEMS>
struct Striped {
  T *base;
  __device__ Striped(T *b) : base(b) {}
  __device__ void store(const T (&items)[ITEMS]) {
    for (int i = 0; i < ITEMS; i++)
      base[i * THREADS + threadIdx.x] = items[i]; //~ race write-write
  }
};

namespace N {
constexpr int threads = 1;
}

template <int BLOCK>
__global__ void hidden_by_using(float *out) {
  constexpr int threads = BLOCK;
  float items[4] = {1.f, 2.f, 3.f, (float)threadIdx.x};
  {
    using N::threads;
    Striped<float, threads, 4>(out + blockIdx.x * 4 * BLOCK).store(items);
  }
}

int main() {
  float *o;
  cudaMalloc(&o, 4 * 4 * 128 * sizeof(float));
  hidden_by_using<128><<<4, 128>>>(o);
  return 0;
}

// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The twin of private_array_reference_member.cu: the array bound to the
// `T (&items)[N]` parameter is `__shared__`, not the thread's own, so every
// thread of the block writes the same four elements in the member
// template's callee.

template <typename T, int N, typename It>
__device__ void gather_shared(int tid, It src, T (&items)[N]) {
  for (int i = 0; i < N; i++)
    items[i] = src[tid * N + i]; //~ race write-write
}

template <typename T, int BS, int N>
class TileIn {
  int tid;

public:
  struct Storage {};
  __device__ TileIn(Storage &) : tid(threadIdx.x) {}
  template <typename It>
  __device__ void Load(It src, T (&items)[N]) {
    gather_shared(tid, src, items);
  }
};

template <int BS>
__global__ void tile_io_shared(const int *d, int *o) {
  typedef TileIn<int, BS, 4> In;
  __shared__ typename In::Storage st;
  __shared__ int v[4];
  In(st).Load(&(d[blockIdx.x * BS * 4]), v);
  o[blockIdx.x * BS + threadIdx.x] = 1;
}

int main() {
  int *d, *o;
  tile_io_shared<128><<<4, 128>>>(d, o);
}

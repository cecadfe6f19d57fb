// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// A per-thread array passed as `T (&items)[N]` to a member template of a
// class template (cub's BlockLoad/BlockStore idiom), which hands it on to a
// free function template deducing `N`: the reference names the caller's
// private array, so `items[i] = src[..]` writes thread-private memory and
// does not meet the const input read in the same call, nor the other
// threads' loads; the store writes each thread's own slots.

template <typename T, int N, typename It>
__device__ void gather_items(int tid, It src, T (&items)[N], int valid) {
  for (int i = 0; i < N; i++)
    if (tid * N + i < valid)
      items[i] = src[tid * N + i];
}

template <typename T, int N, typename It>
__device__ void scatter_items(int tid, It dst, T (&items)[N]) {
  for (int i = 0; i < N; i++)
    dst[tid * N + i] = items[i];
}

template <typename T, int BS, int N>
class TileIo {
  int tid;

public:
  struct Storage {};
  __device__ TileIo(Storage &) : tid(threadIdx.x) {}
  template <typename It>
  __device__ void Load(It src, T (&items)[N], int valid) {
    gather_items(tid, src, items, valid);
  }
  template <typename It>
  __device__ void Store(It dst, T (&items)[N]) {
    scatter_items(tid, dst, items);
  }
};

template <int BS>
__global__ void tile_io_private(const int *d, int *o, int n) {
  typedef TileIo<int, BS, 4> Io;
  __shared__ typename Io::Storage st;
  int v[4];
  for (int i = blockIdx.x * BS * 4; i + BS * 4 <= n; i += gridDim.x * BS * 4) {
    Io(st).Load(&(d[i]), v, n - i);
    Io(st).Store(&(o[i]), v);
  }
}

int main() {
  int *d, *o;
  tile_io_private<128><<<4, 128>>>(d, o, 1 << 16);
}

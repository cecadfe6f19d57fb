// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// Array members of class template instances sized by the instance: a
// non-type parameter (`T v[N * W]`), and, in a class nested in the template
// (cub's `union _TempStorage { T items[ITEMS_PER_TILE + PADDING_ITEMS]; }`),
// static constexpr members computed from earlier ones, a `bool` member with
// `&&` over `IsPow2<N>::VALUE`, and a `?:` on it. Each warp uses its own
// element of a shared array of the instance's storage, and reads its own
// elements back through a flat view with the strides the right extents
// give (with another extent they would be another warp's).

template <int N>
struct IsPow2 {
  enum { VALUE = ((N & (N - 1)) == 0) };
};

template <typename T, int N, int W>
struct Plain {
  T v[N * W];
};

template <typename T, int ITEMS, int WARP>
class Exchange {
public:
  static constexpr int TILE = ITEMS * WARP + 1;
  static constexpr int LOG_BANKS = 5;
  static constexpr bool INSERT_PADDING = (ITEMS > 4) && IsPow2<ITEMS>::VALUE;
  static constexpr int PADDING = INSERT_PADDING ? (TILE >> LOG_BANKS) : 0;
  union _Storage {
    T items[TILE + PADDING];
  };
  struct Storage {
    _Storage s;
  };
};

__global__ void plain_member_extent(int *in) {
  __shared__ Plain<int, 2, 32> p[4];
  int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int j = 0; j < 2; j++)
    p[w].v[lane * 2 + j] = in[threadIdx.x];
}

__global__ void nested_member_extent(const int *in, int *out) {
  // ITEMS = 8: padded, 257 + 8 = 265 items per warp.
  __shared__ Exchange<int, 8, 32>::Storage st[4];
  // ITEMS = 4: not padded (4 > 4 is false), 129 items per warp.
  __shared__ Exchange<int, 4, 32>::Storage sm[4];
  int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  // Read back through a flat view with the right strides: each thread's
  // own elements (a wrong extent would read another warp's).
  const int *flat = (const int *)st;
  const int *flat4 = (const int *)sm;
  for (int j = 0; j < 8; j++) {
    st[w].s.items[lane * 8 + j + 8] = in[g];
    out[g] += flat[w * 265 + lane * 8 + j + 8];
  }
  for (int j = 0; j < 4; j++) {
    sm[w].s.items[lane * 4 + j] = in[g];
    out[g] += flat4[w * 129 + lane * 4 + j];
  }
}

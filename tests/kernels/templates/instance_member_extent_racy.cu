// expect-verdict(shared_tile_member): racy
// expect-verdict(unpadded_stride): racy
// expect-verdict(unknown_member_extent): unsupported
//--blockDim=128 --gridDim=4
// The twin of instance_member_extent.cu: every warp writes the same element
// of the shared array of the instance's storage (lanes of different warps
// meet); a flat view read with the stride the unpadded extent would give
// (257, not 265) reads other warps' elements; and an extent whose constant member the checker cannot evaluate
// (a call of a constexpr function) keeps the kernel unsupported: never a
// guessed length.

template <int N>
struct IsPow2 {
  enum { VALUE = ((N & (N - 1)) == 0) };
};

constexpr int none(int n) { return n - n; }

template <typename T, int ITEMS, int WARP>
class Exchange {
public:
  static constexpr int TILE = ITEMS * WARP + 1;
  static constexpr bool INSERT_PADDING = (ITEMS > 4) && IsPow2<ITEMS>::VALUE;
  static constexpr int PADDING = INSERT_PADDING ? (TILE >> 5) : 0;
  union _Storage {
    T items[TILE + PADDING];
  };
  struct Storage {
    _Storage s;
  };
};

template <typename T, int N>
struct Opaque {
  static constexpr int LEN = none(N) + N;
  T v[LEN];
};

__global__ void shared_tile_member(int *in) {
  __shared__ Exchange<int, 8, 32>::Storage st[4];
  int lane = threadIdx.x % 32;
  for (int j = 0; j < 8; j++)
    st[0].s.items[lane * 8 + j + 8] = in[threadIdx.x]; //~ race write-write
}

__global__ void unknown_member_extent(int *in) {
  __shared__ Opaque<int, 32> o[4];
  o[threadIdx.x / 32].v[threadIdx.x % 32] = in[threadIdx.x];
}

__global__ void unpadded_stride(const int *in, int *out) {
  __shared__ Exchange<int, 8, 32>::Storage st[4];
  int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  const int *flat = (const int *)st;
  for (int j = 0; j < 8; j++) {
    st[w].s.items[lane * 8 + j + 8] = in[g]; //~ race
    out[g] += flat[w * 257 + lane * 8 + j + 8]; //~ race
  }
}

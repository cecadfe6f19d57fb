// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// A block-store helper in the CUB style: the class's member typedef
// `_TempStorage` is `typename Internal::TempStorage`, where `Internal` is
// itself a member typedef of a member class template's specialisation, and
// the class keeps a reference member of that type. Resolving the member
// types lets `Internal(temp_storage, tid)` bind the helper's constructor
// (before, an unknown call whose effects reached every array).

struct Empty {};

template <int ITEMS>
class BlockStorer {
  template <int ALGORITHM, int DUMMY> struct StoreInternal;
  template <int DUMMY> struct StoreInternal<0, DUMMY> {
    typedef Empty TempStorage;
    int linear_tid;
    __device__ StoreInternal(TempStorage &, int linear_tid) : linear_tid(linear_tid) {}
    __device__ void Store(float *block_out, float v) {
      for (int j = 0; j < ITEMS; j++)
        block_out[linear_tid * ITEMS + j] = v;
    }
  };
  typedef StoreInternal<0, 0> Internal;
  typedef typename Internal::TempStorage _TempStorage;
  _TempStorage &temp_storage;
  int linear_tid;

public:
  __device__ BlockStorer(Empty &storage) : temp_storage(storage), linear_tid(threadIdx.x) {}
  __device__ void Store(float *block_out, float v) {
    Internal(temp_storage, linear_tid).Store(block_out, v);
  }
};

__global__ void store_blocked(float *out) {
  __shared__ Empty storage;
  BlockStorer<4>(storage).Store(out + blockIdx.x * blockDim.x * 4, 1.0f * threadIdx.x);
}

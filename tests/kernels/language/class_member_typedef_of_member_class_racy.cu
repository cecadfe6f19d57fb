// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The twin of class_member_typedef_of_member_class.cu: each thread stores
// ITEMS items from its own index (not index * ITEMS), overlapping the
// next threads' items: a real race, still reported once the member
// types resolve.

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
        block_out[linear_tid + j] = v; //~ race write-write
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

// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// A local variable whose type is a class's member typedef of a member class
// template's specialisation (`Internal helper(temp_storage, tid);` in a
// method of the class): the helper's constructor and methods are inlined.

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
    Internal helper(temp_storage, linear_tid);
    helper.Store(block_out, v);
  }
};

__global__ void store_blocked(float *out) {
  __shared__ Empty storage;
  BlockStorer<4>(storage).Store(out + blockIdx.x * blockDim.x * 4, 1.0f * threadIdx.x);
}

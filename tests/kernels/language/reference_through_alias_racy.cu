// expect-verdict(alias_ref_neighbour): racy
// expect-verdict(using_ref_neighbour): racy
// expect-verdict(decltype_ref_neighbour): racy
// expect-verdict(template_arg_ref_neighbour): racy
// expect-verdict(member_alias_ref_neighbour): racy
// expect-verdict(alias_param_neighbour): racy
// expect-verdict(const_ref_read_after_write): racy
// expect-verdict(decltype_call_unknown): unsupported
//--blockDim=64 --gridDim=1
// Racy twins of reference_through_alias.cu: the reference binds the
// neighbour's slot, written after the barrier while the neighbour reads its
// own slot (lowered as a copy, the write would be lost); a reference bound
// before the barrier is read after it, when thread 0 writes its referent;
// and a `decltype` whose value category is not known is no silent copy.

typedef int &RtaRacyRef;
using RtaRacyRef2 = int &;

__global__ void alias_ref_neighbour(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  s[tid] = 0;
  __syncthreads();
  RtaRacyRef x = s[(tid + 1) % 64];
  x = tid;
  out[tid] = s[tid]; //~ race read-write
}

__global__ void using_ref_neighbour(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  s[tid] = 0;
  __syncthreads();
  RtaRacyRef2 x = s[(tid + 1) % 64];
  x = tid;
  out[tid] = s[tid]; //~ race read-write
}

__global__ void decltype_ref_neighbour(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  s[tid] = 0;
  __syncthreads();
  decltype(s[0]) x = s[(tid + 1) % 64];
  x = tid;
  out[tid] = s[tid]; //~ race read-write
}

template <typename T> __device__ void rta_racy_store(int *s, int i, int v) {
  T x = s[i];
  x = v;
}

__global__ void template_arg_ref_neighbour(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  s[tid] = 0;
  __syncthreads();
  rta_racy_store<int &>(s, (tid + 1) % 64, tid);
  out[tid] = s[tid]; //~ race read-write
}

template <typename T> struct RtaHolder {
  typedef T &Ref;
};

__global__ void member_alias_ref_neighbour(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  s[tid] = 0;
  __syncthreads();
  RtaHolder<int>::Ref x = s[(tid + 1) % 64];
  x = tid;
  out[tid] = s[tid]; //~ race read-write
}

__device__ void rta_racy_set(RtaRacyRef x, int v) {
  x = v;
}

__global__ void alias_param_neighbour(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  s[tid] = 0;
  __syncthreads();
  rta_racy_set(s[(tid + 1) % 64], tid);
  out[tid] = s[tid]; //~ race read-write
}

__global__ void const_ref_read_after_write(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  const int &r = s[0];
  __syncthreads();
  s[tid] = tid; //~ race write-read
  out[tid] = r;
}

__device__ int &rta_pick(int *s, int i) { return s[i]; }

__global__ void decltype_call_unknown(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  decltype(rta_pick(s, 0)) x = s[(tid + 1) % 64];
  x = tid;
  out[tid] = s[tid];
}

// expect-verdict(alias_ref_own_slot): race-free
// expect-verdict(using_ref_own_slot): race-free
// expect-verdict(decltype_ref_own_slot): race-free
// expect-verdict(template_arg_ref_own_slot): race-free
// expect-verdict(alias_param_own_slot): race-free
// expect-verdict(const_ref_read_at_use): race-free
//--blockDim=64 --gridDim=1
// A type spelled through a typedef, `using` alias, `decltype` of an lvalue or
// a template argument `int &` is a reference: the variable or parameter binds
// the element itself ([dcl.ref]). Each thread writes its own slot through it;
// the reads after the barrier see those writes. A reference is read where it
// is used: bound before the barrier, read after it, it races with no write.

typedef int &RtaIntRef;
using RtaIntRef2 = RtaIntRef;

__global__ void alias_ref_own_slot(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  RtaIntRef x = s[tid];
  x = tid;
  __syncthreads();
  out[tid] = s[(tid + 1) % 64];
}

__global__ void using_ref_own_slot(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  RtaIntRef2 x = s[tid];
  x = tid;
  __syncthreads();
  out[tid] = s[(tid + 1) % 64];
}

__global__ void decltype_ref_own_slot(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  decltype(s[0]) x = s[tid];
  x = tid;
  __syncthreads();
  out[tid] = s[(tid + 1) % 64];
}

template <typename T> __device__ void rta_store(int *s, int i, int v) {
  T x = s[i];
  x = v;
}

__global__ void template_arg_ref_own_slot(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  rta_store<int &>(s, tid, tid);
  __syncthreads();
  out[tid] = s[(tid + 1) % 64];
}

__device__ void rta_set(RtaIntRef x, int v) { x = v; }

__global__ void alias_param_own_slot(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  rta_set(s[tid], tid);
  __syncthreads();
  out[tid] = s[(tid + 1) % 64];
}

// Read at the use, after the barrier: the neighbour's write is ordered
// before it (a snapshot at the declaration would race with that write).
__global__ void const_ref_read_at_use(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  const int &r = s[(tid + 1) % 64];
  s[tid] = tid;
  __syncthreads();
  out[tid] = r;
}

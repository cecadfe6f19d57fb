// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// The twin of overload_member_racy.cu: each overload the calls may reach
// stores to the thread's own element or adds atomically; the plain store
// to one element is in an overload no call can pick.

struct Op {
  __device__ void put(int *a, int v) { *a = v; }
  __device__ void put(float *a, float v) {
    a[blockIdx.x * blockDim.x + threadIdx.x] = v;
  }
};

__global__ void by_type(float *res) {
  Op op;
  op.put(res, (float)threadIdx.x);
}

struct Acc {
  __device__ void put(int *a, int v) { atomicAdd(a, v); }
  __device__ void put(float *a, float v) {
    a[blockIdx.x * blockDim.x + threadIdx.x] = v;
  }
};

template <typename T>
__global__ void per_instantiation(T *res) {
  Acc op;
  op.put(res, (T)threadIdx.x);
}

void host(int *a, float *b) {
  per_instantiation<int><<<4, 256>>>(a);
  per_instantiation<float><<<4, 256>>>(b);
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of nested_class_tag_racy.cu: thread t writes its int
// of an object whose class holds ints and byte 4t + 1, inside that int.
// Laid out with the namespace-scope `Store` (shorts), thread 2t's short
// would hold byte 4t + 1: a false race.

struct Other { struct Store { short a[128]; }; };
struct Store { short a[128]; };
struct Outer {
  struct Store { int a[128]; };
  // Inside the class, the bare name is the nested class.
  __device__ static void fill(Store &st, int t) {
    st.a[t] = t;
    ((unsigned char *)&st)[4 * t + 1] = 7;
  }
};
struct Inner { struct Store { int a[128]; }; };

__global__ void qualified(int *out) {
  __shared__ Outer::Store st;
  int t = threadIdx.x;
  st.a[t] = t;
  ((unsigned char *)&st)[4 * t + 1] = 7;
  __syncthreads();
  out[t] = st.a[t];
}

__global__ void second_nested(int *out) {
  __shared__ Inner::Store st;
  int t = threadIdx.x;
  st.a[t] = t;
  ((unsigned char *)&st)[4 * t + 1] = 7;
  __syncthreads();
  out[t] = st.a[t];
}

__global__ void in_member(int *out) {
  __shared__ Outer::Store st;
  int t = threadIdx.x;
  Outer::fill(st, t);
  __syncthreads();
  out[t] = st.a[t];
}

// At namespace scope the bare name is the namespace's `Store` (shorts):
// thread t writes bytes [2t, 2t + 2) and byte 2t + 1, its own (with the
// ints' layout, thread t / 2's int would hold it).
__global__ void namespace_tag(int *out) {
  __shared__ Store st;
  int t = threadIdx.x;
  st.a[t] = t;
  ((unsigned char *)&st)[2 * t + 1] = 7;
  __syncthreads();
  out[t] = st.a[t];
}

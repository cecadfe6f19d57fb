// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Struct tags of one name in several scopes: `Outer::Store` and
// `Inner::Store` (ints) next to a namespace-scope `Store` and `Other::Store`
// (shorts). Each kernel's object is of a class holding ints: thread t writes
// its int (bytes [4t, 4t + 4)) and byte 2t + 1 of the object; thread 1's
// int and thread 2's byte 5 meet. With the shorts' layout no two threads'
// bytes would meet.

struct Other { struct Store { short a[128]; }; };
struct Store { short a[128]; };
struct Outer {
  struct Store { int a[128]; };
  // Inside the class, the bare name is the nested class.
  __device__ static void fill(Store &st, int t) {
    st.a[t] = t;                              //~ race
    ((unsigned char *)&st)[2 * t + 1] = 7;    //~ race
  }
};
struct Inner { struct Store { int a[128]; }; };

__global__ void qualified(int *out) {
  __shared__ Outer::Store st;
  int t = threadIdx.x;
  st.a[t] = t;                                //~ race
  ((unsigned char *)&st)[2 * t + 1] = 7;      //~ race
  __syncthreads();
  out[t] = st.a[t];
}

__global__ void second_nested(int *out) {
  __shared__ Inner::Store st;
  int t = threadIdx.x;
  st.a[t] = t;                                //~ race
  ((unsigned char *)&st)[2 * t + 1] = 7;      //~ race
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
// thread t writes bytes [2t, 2t + 2) and byte 2t + 3, thread t + 1's.
__global__ void namespace_tag(int *out) {
  __shared__ Store st;
  int t = threadIdx.x;
  st.a[t] = t;                                //~ race
  ((unsigned char *)&st)[2 * t + 3] = 7;      //~ race
  __syncthreads();
  out[t] = st.a[t];
}

// expect-verdict(shorts): race-free
// expect-verdict(ints): racy
//--blockDim=64 --gridDim=1
// Two kernels each define a local class `Store` (shorts, then ints), each
// laid out apart and named by its own kernel's body. In `shorts` thread t
// writes bytes [2t, 2t + 2) and byte 2t + 1: its own. In `ints` thread 1's
// int (bytes 4..7) and thread 2's byte 5 meet (with the shorts' layout they
// would not).

__global__ void shorts(int *out) {
  struct Store { short a[128]; };
  __shared__ Store st;
  int t = threadIdx.x;
  st.a[t] = t;
  ((unsigned char *)&st)[2 * t + 1] = 7;
  __syncthreads();
  out[t] = st.a[t];
}

__global__ void ints(int *out) {
  struct Store { int a[128]; };
  __shared__ Store st;
  int t = threadIdx.x;
  st.a[t] = t;                            //~ race
  ((unsigned char *)&st)[2 * t + 1] = 7;  //~ race
  __syncthreads();
  out[t] = st.a[t];
}

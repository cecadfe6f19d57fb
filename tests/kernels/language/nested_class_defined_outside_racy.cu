// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A nested class declared in its class and defined outside it
// (`struct Outer::Store {..};`), next to a namespace-scope `Store` of
// shorts: `Outer::Store` holds ints. Thread t writes its int (bytes
// [4t, 4t + 4)) and byte 2t + 1 of the object: thread 1's int and thread
// 2's byte 5 meet. With the shorts' layout no two threads' bytes would meet.

struct Store { short a[128]; };
struct Outer { struct Store; };
struct Outer::Store { int a[128]; };

__global__ void k(int *out) {
  __shared__ Outer::Store st;
  int t = threadIdx.x;
  st.a[t] = t;                                //~ race
  ((unsigned char *)&st)[2 * t + 1] = 7;      //~ race
  __syncthreads();
  out[t] = st.a[t];
}

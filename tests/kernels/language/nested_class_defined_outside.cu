// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The race-free twin of nested_class_defined_outside_racy.cu: here
// `Outer::Store`, defined outside its class, holds shorts and the
// namespace-scope `Store` ints. Thread t writes its short (bytes
// [2t, 2t + 2)) and byte 2t + 1 of the object: only its own bytes.

struct Store { int a[128]; };
struct Outer { struct Store; };
struct Outer::Store { short a[128]; };

__global__ void k(int *out) {
  __shared__ Outer::Store st;
  int t = threadIdx.x;
  st.a[t] = t;
  ((unsigned char *)&st)[2 * t + 1] = 7;
  __syncthreads();
  out[t] = st.a[t];
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `Put<float, 3>` is an instance of the partial specialisation
// `Put<float, N>`, not of the primary template: its `put` stores every
// thread's value to the same element.

template <typename T, int N>
struct Put {
  __device__ void put(T *p) { p[threadIdx.x] = N; }
};

template <int N>
struct Put<float, N> {
  __device__ void put(float *p) { p[0] = threadIdx.x + N; } //~ race write-write
};

__global__ void k(float *out) {
  Put<float, 3> w;
  w.put(out);
}

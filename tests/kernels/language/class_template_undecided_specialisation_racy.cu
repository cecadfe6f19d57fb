// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Inside a function template, `Put<T, 1>` may be the partial specialisation
// (when `T` is `float`, as here) or the primary: the instance is not
// taken for the primary template's.

template <typename T, int N>
struct Put {
  __device__ void put(T *p) { p[threadIdx.x] = N; }
};

template <int N>
struct Put<float, N> {
  __device__ void put(float *p) { p[0] = threadIdx.x + N; }
};

template <typename T>
__device__ void store(T *p) {
  Put<T, 1> w;
  w.put(p); //~ race read-write, race write-write
}

__global__ void k(float *out) { store<float>(out); }

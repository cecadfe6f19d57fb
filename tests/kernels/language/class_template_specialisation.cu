// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// An instance uses the specialisation its arguments select: `Put<float, 3>`
// the partial specialisation `Put<float, N>` (each thread its own element),
// `Put<int, 3>` the primary template, `Put<double, 2>` the explicit
// specialisation; the non-type parameter is bound to the argument inside
// the member functions.

template <typename T, int N>
struct Put {
  __device__ void put(T *p) { p[threadIdx.x * N] = N; }
};

template <int N>
struct Put<float, N> {
  __device__ void put(float *p) { p[threadIdx.x] = N; }
};

template <>
struct Put<double, 2> {
  __device__ void put(double *p) { p[threadIdx.x + 64] = 2; }
};

__global__ void k(float *f, int *i, double *d) {
  Put<float, 3> a;
  a.put(f);
  Put<int, 3> b;
  b.put(i);
  Put<double, 2>().put(d);
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Review finding: `sizeof(T)` in `put<int, sizeof(T)>` is the caller's
// `T` (= char), so N = 1 and every thread writes a[0].

template <typename T, int N> __device__ void put(float *p, unsigned i) { p[i * (N - 1)] = i; } //~ race write-write
template <typename T> __device__ void mid(float *a) { put<int, sizeof(T)>(a, threadIdx.x); }
__global__ void k(float *a) { mid<char>(a); }

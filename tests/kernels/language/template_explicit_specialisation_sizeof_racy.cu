// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Review finding: `sizeof(T)` selects the specialisation, and `T` is
// instantiated as char and as float (modelled as opaque data): the value
// chooses no arm by itself, so `put<1>` (what `k<char>` calls) is checked.

template <int N> __device__ void put(float *p, unsigned i) { p[i] = 0; }
template <> __device__ void put<1>(float *p, unsigned i) { p[0] = i; } //~ race write-write
template <typename T> __global__ void k(float *a) { put<sizeof(T)>(a, threadIdx.x); }
void run(float *a) { k<char><<<1, 64>>>(a); k<float><<<1, 64>>>(a); }

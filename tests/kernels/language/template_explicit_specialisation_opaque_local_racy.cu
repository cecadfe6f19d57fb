// expect-verdict: racy
// expect-verdict(k<float>): race-free
// (Since session 53 each instantiation is checked apart: only `k<char>` races.)
//--blockDim=64 --gridDim=1
// Review finding: the size of `T` (instantiated as char and as float,
// modelled as opaque data) reaches the template argument through a local:
// in a kernel with an opaque type parameter no argument value selects an
// arm by itself, so `put<1>` (what `k<char>` calls) is checked.

template <int N> __device__ void put(float *p, unsigned i) { p[i] = 0; }
template <> __device__ void put<1>(float *p, unsigned i) { p[0] = i; } //~ race write-write
template <typename T> __global__ void k(float *a) {
    constexpr int n = sizeof(T);
    put<n>(a, threadIdx.x);
}
void run(float *a) { k<char><<<1, 64>>>(a); k<float><<<1, 64>>>(a); }

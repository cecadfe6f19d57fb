// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The more specialised template ([temp.func.order]) is the one that
// stores to p[0] in every thread: the partial ordering must pick it, not
// the general one that stores to each thread's own element.

template <typename T, typename U>
__device__ void store(float *p, const T &i, const U &v) { p[i] = v; }

template <typename X>
__device__ void store(float *p, const X &i, const X &v) { p[0] = v; } //~ race write-write

__global__ void ordered(float *a) {
    unsigned t = threadIdx.x;
    store(a, t, t);
}

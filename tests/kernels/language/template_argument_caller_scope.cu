// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The template argument `S` of `put<S>` is the caller's template parameter:
// read in the caller's scope it is the kernel's `S`, which the guard
// makes positive, so each thread stores its own element.

template <int S> __device__ void put(float *p, unsigned i) { p[i * S] = i; }

template <int S> __global__ void scaled(float *a) {
    if (S > 0)
        put<S>(a, threadIdx.x);
}

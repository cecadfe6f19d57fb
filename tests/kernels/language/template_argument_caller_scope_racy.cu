// expect-verdict: racy
//--blockDim=64 --gridDim=1
// As template_argument_caller_scope.cu, but the guard lets `S` be 0:
// every thread stores to a[0].

template <int S> __device__ void put(float *p, unsigned i) { p[i * S] = i; } //~ race write-write

template <int S> __global__ void scaled(float *a) {
    if (S >= 0)
        put<S>(a, threadIdx.x);
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Review finding: `put<1>` is declared as an explicit specialisation
// defined elsewhere: it is not the primary ([temp.expl.spec]) but an
// unknown callee that may write what `p` reaches, racing with the store
// after it (for a constant and for a symbolic argument alike).

template <int N> __device__ void put(float *p, unsigned i) { p[i] = 1; }
template <> __device__ void put<1>(float *p, unsigned i);

__global__ void known(float *a) {
    put<1>(a, threadIdx.x); //~ race, race
    a[threadIdx.x] = 2; //~ race
}

template <int S> __global__ void symbolic(float *a) {
    put<S>(a, threadIdx.x); //~ race, race
    a[threadIdx.x] = 2; //~ race
}

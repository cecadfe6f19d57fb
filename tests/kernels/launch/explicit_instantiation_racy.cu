// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The twin of explicit_instantiation.cu with a second instantiation,
// `spread<0>`, in which every thread writes s[0]: each instantiation is
// checked.

template <int STRIDE>
__global__ void spread(int *out) {
    __shared__ int s[4096];
    s[threadIdx.x * STRIDE] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x * STRIDE];
}

template __global__ void spread<2>(int *);
template __global__ void spread<0>(int *);

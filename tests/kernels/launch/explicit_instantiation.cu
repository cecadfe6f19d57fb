// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// A kernel template defined in this .cu file runs only as the instantiations
// the file makes: here `spread<2>`, whose writes are two elements apart.

template <int STRIDE>
__global__ void spread(int *out) {
    __shared__ int s[4096];
    s[threadIdx.x * STRIDE] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x * STRIDE];
}

template __global__ void spread<2>(int *);

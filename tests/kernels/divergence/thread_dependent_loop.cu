// expect-verdict: divergent
//--blockDim=64 --gridDim=1
// Thread t runs t iterations, so threads disagree on how many barriers they reach.

__global__ void triangle_sync(int *out) {
    unsigned tid = threadIdx.x;
    int acc = 0;
    for (unsigned i = 0; i < tid; i++) {
        acc += (int)i;
        __syncthreads(); //~ divergence
    }
    out[tid] = acc;
}

// expect-verdict: divergent
//--blockDim=64 --gridDim=1
// Each thread leaves the loop after its own number of passes: a thread that
// stays reaches the barrier again without the ones that left.

__global__ void ragged_rounds(int *out, const int *rounds) {
    __shared__ int buf[64];
    int n = rounds[threadIdx.x];
    int i = 0;
    while (true) {
        buf[threadIdx.x] = i;
        __syncthreads(); //~ divergence
        out[threadIdx.x] += buf[63 - threadIdx.x];
        __syncthreads(); //~ divergence
        if (++i >= n) break;
    }
}

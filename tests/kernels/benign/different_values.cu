// expect-verdict: racy
//--blockDim=256 --gridDim=8
// Here the threads store their own index: the result depends on scheduling.

__global__ void last_negative(const int *in, int *out) {
    __shared__ int where[1];
    unsigned tid = threadIdx.x;
    if (tid == 0) {
        where[0] = -1;
    }
    __syncthreads();
    if (in[blockIdx.x * blockDim.x + tid] < 0) {
        where[0] = (int)tid; //~ race write-write
    }
    __syncthreads();
    if (tid == 0) {
        out[blockIdx.x] = where[0];
    }
}

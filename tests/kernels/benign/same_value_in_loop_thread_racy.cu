// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The stored value is the thread's: threads of the same iteration store
// different values.

__global__ void which_thread_negative(const int *in, int *out, int rows) {
    __shared__ int where[1];
    unsigned tid = threadIdx.x;
    if (tid == 0) {
        where[0] = -1;
    }
    __syncthreads();
    for (int r = 0; r < rows; r++) {
        if (in[(blockIdx.x * rows + r) * blockDim.x + tid] < 0) {
            where[0] = (int)tid; //~ race write-write
        }
    }
    __syncthreads();
    if (tid == 0) {
        out[blockIdx.x] = where[0];
    }
}

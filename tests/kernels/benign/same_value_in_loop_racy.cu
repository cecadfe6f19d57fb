// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The stored row differs between iterations (and so between threads in
// different iterations): a harmful race, whatever the same iteration gives.

__global__ void last_negative_row(const int *in, int *out, int rows) {
    __shared__ int where[1];
    unsigned tid = threadIdx.x;
    if (tid == 0) {
        where[0] = -1;
    }
    __syncthreads();
    for (int r = 0; r < rows; r++) {
        if (in[(blockIdx.x * rows + r) * blockDim.x + tid] < 0) {
            where[0] = r; //~ race write-write
        }
    }
    __syncthreads();
    if (tid == 0) {
        out[blockIdx.x] = where[0];
    }
}

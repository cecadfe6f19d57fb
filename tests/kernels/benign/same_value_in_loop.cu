// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// Threads of any iterations may set the flag, but all store the same value:
// the scenario of any iterations settles the one of the same iteration.

__global__ void any_negative_row(const int *in, int *out, int rows) {
    __shared__ int flag[1];
    unsigned tid = threadIdx.x;
    if (tid == 0) {
        flag[0] = 0;
    }
    __syncthreads();
    for (int r = 0; r < rows; r++) {
        if (in[(blockIdx.x * rows + r) * blockDim.x + tid] < 0) {
            flag[0] = 1; //~ benign-race
        }
    }
    __syncthreads();
    if (tid == 0) {
        out[blockIdx.x] = flag[0];
    }
}

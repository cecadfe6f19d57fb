// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The twin of stored_copy.cu whose stored value depends on the thread.

__global__ void mark(const int *in, int *flag, int n) {
    int one = (int)threadIdx.x;
    int v = one * 2;
    if (n > 4) {
        v = v | 1;
    }
    if (in[blockIdx.x * blockDim.x + threadIdx.x] < 0) {
        flag[0] = v; //~ race write-write
    }
}

// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// A value copied through locals and a uniform branch into a store: every thread stores
// the same value, so the race is benign; the checker keeps what flows into a
// stored value to compare it.

__global__ void mark(const int *in, int *flag, int n) {
    int one = 1;
    int v = one * 2;
    if (n > 4) {
        v = v | 1;
    }
    if (in[blockIdx.x * blockDim.x + threadIdx.x] < 0) {
        flag[0] = v; //~ benign-race
    }
}

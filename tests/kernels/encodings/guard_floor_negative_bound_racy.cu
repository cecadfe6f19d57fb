// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The racy twin of guard_floor.cu with a guard bounding the counter below
// by a negative constant (`i > -64`): the body runs with negative values,
// where `i % 32` is negative, and threads write buf[0].

__global__ void guard_rem_negative(int n, int *buf) {
    for (int i = n - 1 - (int)threadIdx.x; i > -64; i -= (int)blockDim.x) {
        if (i % 32 < 0)
            buf[0] = i; //~ race write-write
    }
}

// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The racy twin of counter_floor.cu where the counter grows from a
// non-negative start but is read after a shift that may make it negative:
// the floor is the counter's, not that of values computed from it
// (`j = i - 64` is negative in early iterations).

__global__ void floor_rem_shifted(int n, int *buf) {
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        int j = i - 64;
        if (j % 32 < 0)
            buf[0] = j; //~ race write-write
    }
}

// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The racy twin of guard_floor.cu whose guard compares in `unsigned`
// (`i >= 0u` converts `i`, so it always holds and bounds nothing): the
// loop runs on forever through negative values, where `i % 32` (C
// truncates toward zero) is negative, and every thread writes buf[0].

__global__ void guard_rem_unsigned(int n, int *buf) {
    for (int i = n - 1 - (int)threadIdx.x; i >= 0u && i > -1000; i -= 32) {
        if (i % 32 < 0)
            buf[0] = i; //~ race write-write
    }
}

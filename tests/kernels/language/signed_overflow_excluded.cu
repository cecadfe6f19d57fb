// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// `v * t` does not overflow (undefined behaviour), so distinct threads have
// distinct `j` in the int range, and the conversion to unsigned is one to
// one there. Without the assumption, v = 2^27 gives j = 2^32 in thread 32,
// which is 0 as unsigned, like thread 0's j.

__global__ void scaled(int *a, int v) {
    if (v < (1 << 26))
        return;
    int j = v * (int)threadIdx.x;
    a[(unsigned)j] = threadIdx.x;
}

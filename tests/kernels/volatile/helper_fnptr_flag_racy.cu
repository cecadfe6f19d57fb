// expect-verdict: racy
//--blockDim=256 --gridDim=8
// The volatile helper is called through a function pointer: which arrays
// it reaches is not tracked, so every global read is volatile and the flag
// may differ between the threads of a block.

__device__ void wait(volatile int *p) {
    while (*p == 0) {
    }
}

__global__ void flag_selects_arm(int *flag, unsigned *out) {
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * 4096;
    void (*w)(volatile int *) = wait;
    w(flag); //~ race
    int f = *flag;
    if (f != 0) {
        out[base + t] = 1u; //~ race write-write
    } else {
        out[base + t + 1] = 2u; //~ race write-write
    }
}

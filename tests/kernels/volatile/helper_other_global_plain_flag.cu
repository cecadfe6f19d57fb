// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// The volatile helper polls `stop`, not `flag`: distinct arrays do not
// alias, so no volatile lvalue designates `flag`, whose plain read no
// statement writes is one value in every thread. (Racy twin:
// helper_global_flag_racy.cu.)

__device__ void wait(volatile int *p) {
    while (*p == 0) {
    }
}

__global__ void flag_selects_arm(int *stop, const int *flag, unsigned *out) {
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * 4096;
    wait(stop);
    int f = *flag;
    if (f != 0) {
        out[base + t] = 1u;
    } else {
        out[base + t + 1] = 2u;
    }
}

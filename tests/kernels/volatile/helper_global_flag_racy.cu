// expect-verdict: racy
//--blockDim=256 --gridDim=8
// Twin of helper_shared_plain_flag.cu: the volatile helper polls the
// global flag itself, so another agent writes it while the kernel runs and
// the kernel's plain read of it may differ between the threads of a block.

__device__ void wait(volatile int *p) {
    while (*p == 0) {
    }
}

__global__ void flag_selects_arm(int *flag, unsigned *out) {
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * 4096;
    wait(flag);
    int f = flag[1];
    if (f != 0) {
        out[base + t] = 1u; //~ race write-write
    } else {
        out[base + t + 1] = 2u; //~ race write-write
    }
}

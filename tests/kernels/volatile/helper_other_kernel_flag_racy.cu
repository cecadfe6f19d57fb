// expect-verdict(wait_for_flag): race-free
// expect-verdict(flag_selects_arm): racy
//--blockDim=256 --gridDim=8
// One kernel polls `flag` through a volatile helper: another agent writes
// it while kernels run, and the other kernel's plain read of the same
// buffer (a parameter of its own, which the front end cannot relate to the
// first kernel's) may differ between its threads. Only the one kernel that
// runs every volatile helper has precise volatile reads; here the second
// kernel keeps the coarse rule. (Race-free twin in one kernel:
// helper_other_global_plain_flag.cu.)

__device__ void wait(volatile int *p) {
    while (*p == 0) {
    }
}

__global__ void wait_for_flag(int *flag) {
    wait(flag);
}

__global__ void flag_selects_arm(const int *flag, unsigned *out) {
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * 4096;
    int f = *flag;
    if (f != 0) {
        out[base + t] = 1u; //~ race write-write
    } else {
        out[base + t + 1] = 2u; //~ race write-write
    }
}

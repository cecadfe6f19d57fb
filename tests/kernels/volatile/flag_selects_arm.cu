// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// The race-free twin of host_flag_selects_arm_racy.cu: a plain flag no
// statement writes is one value in every thread, so all threads of a block
// take the same arm and their stores are apart.

__global__ void flag_selects_arm(const int *flag, unsigned *out) {
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * 4096;
    int f = *flag;
    if (f != 0) {
        out[base + t] = 1u;
    } else {
        out[base + t + 1] = 2u;
    }
}

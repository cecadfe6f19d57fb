// expect-verdict: racy
//--blockDim=256 --gridDim=8
// A volatile flag chooses between two stores: threads of one block may read
// different values, so thread t may store out[base + t] in one arm while
// thread t - 1 stores the same element in the other.

__global__ void flag_selects_arm(volatile int *flag, unsigned *out) {
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * 4096;
    int f = *flag;
    if (f != 0) {
        out[base + t] = 1u; //~ race write-write
    } else {
        out[base + t + 1] = 2u; //~ race write-write
    }
}

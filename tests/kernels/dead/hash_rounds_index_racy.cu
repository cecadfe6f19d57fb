// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The twin of hash_rounds.cu whose hash reaches an offset: two threads may
// mix the same slot.

__global__ void rounds(const unsigned long *in, unsigned long *out, int n) {
    unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long a = in[gid];
    unsigned long b = a ^ 0x9e3779b97f4a7c15ul;
    for (int r = 0; r < n; r++) {
        a = a * 6364136223846793005ul + b;
        if (a > b) {
            b = b ^ (a >> 7);
        } else {
            b = b + 1;
        }
    }
    unsigned long slot = a & 1023;
    out[slot] = gid; //~ race write-write
}

// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The twin of hash_rounds.cu whose hash reaches a loop bound: the threads
// of a block whose hash lets the loop run store to the block's cell.

__global__ void rounds(const unsigned long *in, unsigned long *out, int n) {
    unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long a = in[gid];
    unsigned long b = a ^ 0x9e3779b97f4a7c15ul;
    for (int r = 0; r < n; r++) {
        a = a * 6364136223846793005ul + b;
        b = b ^ (a >> 7);
    }
    unsigned long times = a & 3;
    for (unsigned long k = 0; k < times; k++) {
        out[blockIdx.x] = gid; //~ race write-write
    }
}

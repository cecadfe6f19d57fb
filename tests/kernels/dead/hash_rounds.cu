// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// A per-thread hash mixed in rounds into a private array: its values reach
// no offset, guard, loop bound or stored value (the store reads the private
// array, whose reads are any value), so the checker does not execute them.

__global__ void rounds(const unsigned long *in, unsigned long *out, int n) {
    unsigned long state[4];
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
        state[r & 3] = a ^ b;
    }
    out[gid] = state[0];
}

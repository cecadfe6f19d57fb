// expect-verdict: race-free
//--blockDim=64 --gridDim=8

// The two arms of an `if` on block-uniform values: the threads of one
// block all take the same arm (the last block reads, the others write), so
// the write of one arm and the read of the other never meet in a block.
__global__ void last_block_reads(int *out) {
    __shared__ int s[64];
    if (blockIdx.x != gridDim.x - 1) {
        s[threadIdx.x] = (int)blockIdx.x;
        out[blockIdx.x * 64 + threadIdx.x] = 1;
    } else {
        out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
    }
}

// A condition on a parameter and the block index, nested in another `if`.
__global__ void parameter_arms(int *out, int n) {
    __shared__ int s[64];
    if (threadIdx.x < 60) {
        if (n > (int)blockIdx.x) {
            s[threadIdx.x] = n;
        } else {
            out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x + 1];
        }
    }
}

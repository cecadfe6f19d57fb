// expect-verdict: racy
//--blockDim=64 --gridDim=16
// With a `break`, the counter may leave the loop at any value from 0 to 4:
// block b writes out[4b + 4] when it runs to the end and block b + 1 writes
// the same slot when it stops at once.

__global__ void block_tail_early(const float *in, float *out) {
    float acc = 0.0f;
    int i = 0;
    for (; i < 4; i++) {
        if (in[blockIdx.x * 4 + i] < 0.0f)
            break;
        acc += in[blockIdx.x * 4 + i];
    }
    if (threadIdx.x == 0)
        out[blockIdx.x * 4 + i] = acc; //~ race write-write
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=16
// The counter leaves the loop at exactly 4 (it is 3 when the condition last
// passes, then one step), so block b writes out[4b + 4] only, a slot no other
// block writes. With the exit value only known to be at least 4, block b
// could write out[4b + 5], the slot of block b + 1.

__global__ void block_tail(const float *in, float *out) {
    float acc = 0.0f;
    int i = 0;
    for (; i < 4; i++)
        acc += in[blockIdx.x * 4 + i];
    if (threadIdx.x == 0)
        out[blockIdx.x * 4 + i] = acc;
}

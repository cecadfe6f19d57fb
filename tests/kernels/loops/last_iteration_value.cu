// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// `last` ends as n - 1 when the loop runs, so block b writes out[b * n + n - 1]
// only, a slot no other block writes. With `last` unknown after the loop,
// block b could write the slot of block b + 1.

__global__ void last_slot(const int *in, int *out, int n) {
    int last = 0;
    for (int r = 0; r < n; r++)
        last = r;
    if (threadIdx.x == 0 && n > 0)
        out[blockIdx.x * n + last] = in[blockIdx.x];
}

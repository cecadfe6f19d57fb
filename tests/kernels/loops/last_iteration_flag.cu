// expect-verdict: race-free
//--blockDim=64 --gridDim=8
// Blocks overlap by `rounds` elements on each side, and each round shrinks
// the part of the block that still owns its element by one at each end. The
// flag of the last round (threads rounds .. 63 - rounds) picks the writers,
// so two blocks never write one element. With the flag unknown after the
// loop, the threads of the overlapping rims could write too.

__global__ void shrinking_rims(const int *in, int *out, int rounds) {
    int owned = 64 - 2 * rounds;
    int x = blockIdx.x * owned - rounds + threadIdx.x;
    bool inside = false;
    for (int r = 0; r < rounds; r++)
        inside = threadIdx.x > r && threadIdx.x < 63 - r;
    if (inside)
        out[x] = in[x] + 1;
}

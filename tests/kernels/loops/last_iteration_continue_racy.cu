// expect-verdict: racy
//--blockDim=64 --gridDim=8
// The threads of the left rim `continue` with the flag still set, so after
// the last round they write elements the block to the left writes too. (The
// state at the `continue`, not the one after the statements it skips, goes
// on to the step.)

__global__ void rims_kept(const int *in, int *out, int rounds) {
    int owned = 64 - 2 * rounds;
    int x = blockIdx.x * owned - rounds + threadIdx.x;
    bool inside = false;
    for (int r = 0; r < rounds; r++) {
        inside = true;
        if (threadIdx.x < rounds)
            continue;
        inside = threadIdx.x < 64 - rounds;
    }
    if (inside)
        out[x] = in[x] + 1; //~ race write-write
}

// expect-verdict: racy
//--blockDim=64 --gridDim=8
// Twin of last_iteration_flag.cu whose last round keeps one thread too many
// at each end (threads rounds - 1 .. 64 - rounds): the rims of neighbouring
// blocks write the same elements.

__global__ void shrinking_rims_wide(const int *in, int *out, int rounds) {
    int owned = 64 - 2 * rounds;
    int x = blockIdx.x * owned - rounds + threadIdx.x;
    bool inside = false;
    for (int r = 0; r < rounds; r++)
        inside = threadIdx.x >= r && threadIdx.x <= 63 - r;
    if (inside)
        out[x] = in[x] + 1; //~ race write-write
}

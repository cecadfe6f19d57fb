// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// `i < n >> 3` is a comparison with a shifted bound, not a template `i<n>`
// followed by `> 3` (the parser reads it as the latter).

__global__ void sum_eighth(float *out, const float *in, unsigned n, int per_thread) {
    unsigned j = blockIdx.x * blockDim.x + threadIdx.x;
    for (int iter = 0; iter < per_thread >> 3; iter++) {
        if (j < n >> 3)
            out[j] += in[j + iter];
    }
}

// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// A small per-thread table of indices: its elements keep their values, so the
// two stores of a thread go to its own two slots.

__global__ void scatter_pairs(const float *in, float *out) {
    __shared__ float s[256];
    int slot[2];
    slot[0] = threadIdx.x;
    slot[1] = threadIdx.x + 128;
    for (int k = 0; k < 2; ++k) {
        s[slot[k]] = in[blockIdx.x * 256 + slot[k]];
    }
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}

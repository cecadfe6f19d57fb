// expect-verdict: racy
//--blockDim=64 --gridDim=4
// The twin of tile_kernel.cu without its barrier: checked as main_racy.cu
// includes it, the race on `s` is found.

__global__ void tile_copy(Params p, float *out, const float *in) {
    __shared__ float s[TILE];
    s[threadIdx.x] = in[blockIdx.x * TILE + threadIdx.x]; //~ race write-read
    if (blockIdx.x * TILE + threadIdx.x < p.n) {
        out[blockIdx.x * TILE + threadIdx.x] = s[(threadIdx.x + 1) % TILE]; //~ race read-write
    }
}

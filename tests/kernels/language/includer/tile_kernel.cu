// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// A kernel file included by main.cpp, which defines `TILE` and `struct Params`
// before the include: checked alone, it is checked as main.cpp includes it.

__global__ void tile_copy(Params p, float *out, const float *in) {
    __shared__ float s[TILE];
    s[threadIdx.x] = in[blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    if (blockIdx.x * TILE + threadIdx.x < p.n) {
        out[blockIdx.x * TILE + threadIdx.x] = s[(threadIdx.x + 1) % TILE];
    }
}

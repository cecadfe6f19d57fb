// expect-verdict: race-free
//--blockDim=[16,16] --gridDim=[4,4]

#define TILE 16
#define WIDTH (4 * TILE)
#define AT(tile, r, c) tile[(r) * TILE + (c)]
#define BARRIER() __syncthreads()

__global__ void transpose(const float *in, float *out) {
    __shared__ float tile[TILE * TILE];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned x = blockIdx.x * TILE + tx;
    unsigned y = blockIdx.y * TILE + ty;
    AT(tile, ty, tx) = in[y * WIDTH + x];
    BARRIER();
    unsigned ox = blockIdx.y * TILE + tx;
    unsigned oy = blockIdx.x * TILE + ty;
    out[oy * WIDTH + ox] = AT(tile, tx, ty);
}

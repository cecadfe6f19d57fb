// expect-verdict: racy
//--blockDim=[16,16] --gridDim=[4,4]
// Accesses and barriers behind macros keep the range of the invocation.

#define TILE 16
#define WIDTH (4 * TILE)
#define AT(tile, r, c) tile[(r) * TILE + (c)]
#define BARRIER() __syncthreads()

__global__ void transpose_unsynced(const float *in, float *out) {
    __shared__ float tile[TILE * TILE];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned x = blockIdx.x * TILE + tx;
    unsigned y = blockIdx.y * TILE + ty;
    AT(tile, ty, tx) = in[y * WIDTH + x];
    unsigned ox = blockIdx.y * TILE + tx;
    unsigned oy = blockIdx.x * TILE + ty;
    out[oy * WIDTH + ox] = AT(tile, tx, ty); //~ race read-write
    BARRIER();
}

// expect-verdict: race-free
//--blockDim=[32,8] --gridDim=[4,4]
// expect-padding(tile): none
// The same transpose with one padding column: row and column accesses are
// both conflict-free.

#define TILE 32
#define ROWS 8

__global__ void transpose_padded(float *out, const float *in) {
    __shared__ float tile[TILE][TILE + 1];
    unsigned block = blockIdx.y * gridDim.x + blockIdx.x;
    for (int j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[block * TILE * TILE + (threadIdx.y + j) * TILE + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < TILE; j += ROWS)
        out[block * TILE * TILE + (threadIdx.y + j) * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y + j];
}

// expect-verdict: race-free
//--blockDim=[32,8] --gridDim=[4,4]
// expect-padding(tile): columns +1
// Tiled transpose without padding: the column read of the tile puts all 32
// lanes of a warp (one row of threads) in one bank.

#define TILE 32
#define ROWS 8

__global__ void transpose_naive(float *out, const float *in) {
    __shared__ float tile[TILE][TILE];
    unsigned block = blockIdx.y * gridDim.x + blockIdx.x;
    for (int j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[block * TILE * TILE + (threadIdx.y + j) * TILE + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < TILE; j += ROWS)
        out[block * TILE * TILE + (threadIdx.y + j) * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y + j]; //~ bank-conflict 32
}

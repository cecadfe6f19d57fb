// expect-verdict: racy
//--blockDim=[16,16] --gridDim=1
// As tile_in_heavy_kernel.cu with the tile store in the loop indexed by
// `i / 2`: threads (0, j) and (1, j) store the same element.

__global__ void tiles_with_private_work_half(const float *in, float *out, int n) {
    __shared__ float tile[16][16];
    __shared__ float coef[16][16];
    float acc[16];
    int i = threadIdx.x;
    int j = threadIdx.y;
    tile[j][i] = in[blockIdx.x * 256 + j * 16 + i];
    coef[j][i] = in[n + j * 16 + i];
    for (int k = 0; k < 16; ++k) {
        acc[k] = 0;
    }
    __syncthreads();
    for (int c = 0; c < 8; ++c) {
        for (int k = 0; k < 16; ++k) {
            acc[k] += coef[c][k] * tile[j][k] * acc[(k + c) % 16] + in[c * 16 + k];
        }
        __syncthreads();
        if (i < 8 && j < 8) {
            tile[j][i / 2] = acc[c] * acc[c + 8]; //~ race write-write
        }
        __syncthreads();
    }
    out[blockIdx.x * 256 + j * 16 + i] = tile[j][i] + acc[i];
}

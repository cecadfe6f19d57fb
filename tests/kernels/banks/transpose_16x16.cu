// expect-verdict: race-free
//--blockDim=[16,16] --gridDim=[4,4]
// A 16x16 transpose: a warp spans two rows of threads. The column read hits
// 2 banks per row of threads with 8 distinct words each.

__global__ void transpose_16(int *out, const int *in) {
    __shared__ int tile[16][16];
    unsigned block = blockIdx.y * gridDim.x + blockIdx.x;
    tile[threadIdx.y][threadIdx.x] = in[block * 256 + threadIdx.y * 16 + threadIdx.x];
    __syncthreads();
    out[block * 256 + threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.x][threadIdx.y]; //~ bank-conflict 8
}

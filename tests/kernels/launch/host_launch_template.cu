// expect-verdict: race-free
// A template kernel launched with a 16x16 block and a grid that depends on a
// runtime size: the block shape is known, the grid stays symbolic.
#define W 1024

template <int BS>
__global__ void transpose_tile(float *out, const float *in, int n) {
    __shared__ float tile[16][17];
    int x = blockIdx.x * 16 + threadIdx.x;
    int y = blockIdx.y * 16 + threadIdx.y;
    if (x < W && y < W)
        tile[threadIdx.y][threadIdx.x] = in[y * W + x];
    __syncthreads();
    int tx = blockIdx.y * 16 + threadIdx.x;
    int ty = blockIdx.x * 16 + threadIdx.y;
    if (tx < W && ty < W)
        out[ty * W + tx] = tile[threadIdx.x][threadIdx.y];
}

void run(float *o, const float *i, int n) {
    transpose_tile<16><<<dim3(n / 16, n / 16), dim3(16, 16)>>>(o, i, n);
}

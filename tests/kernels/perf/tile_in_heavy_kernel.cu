// expect-verdict: race-free
//--blockDim=[16,16] --gridDim=1
// Shared tiles indexed by the 2-D thread id in a kernel whose other work
// (private accumulators updated in unrolled loops, products of values read
// from memory) fills the query with assumptions the tile stores do not
// need: each pair is decided by its core query (launch, thread and pair
// facts only).

__global__ void tiles_with_private_work(const float *in, float *out, int n) {
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
            tile[j][i] = acc[c] * acc[c + 8];
        }
        __syncthreads();
    }
    out[blockIdx.x * 256 + j * 16 + i] = tile[j][i] + acc[i];
}

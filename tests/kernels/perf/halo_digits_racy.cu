//--blockDim=[32,8] --gridDim=[64,64]
// expect-verdict: racy
// halo_digits.cu with the halo columns 34 apart instead of 33: thread k = 65
// (column 1 of halo row 0) and thread 66 (column 0 of halo row 1) store
// the same element, as the column step equals the row length.
#define TX 32
#define TY 8

__global__ void halo_tile(const float *in, float *out, int nx) {
    __shared__ float tile[(TX + 2) * (TY + 2)];
    int k = threadIdx.x + threadIdx.y * TX;
    int i, j;
    if (threadIdx.y < 2) {
        i = threadIdx.x;
        j = threadIdx.y * (TY + 1) - 1;
    } else {
        i = (k % 2) * (TX + 2) - 1;
        j = k / 2 - TX - 1;
    }
    if (k < 2 * (TX + TY + 2))
        tile[(i + 1) + (j + 1) * (TX + 2)] = in[blockIdx.x * nx + k]; //~ race write-write
    __syncthreads();
    out[(blockIdx.y * gridDim.x + blockIdx.x) * (TX * TY) + k] =
        tile[threadIdx.x + 1 + (threadIdx.y + 1) * (TX + 2)];
}

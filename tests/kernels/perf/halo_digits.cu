//--blockDim=[32,8] --gridDim=[64,64]
// expect-verdict: race-free
// Halo loads of a 34 x 10 shared tile, laplace-style: the first two rows of
// threads load the top and bottom halo rows, the threads 64..83 of the flat
// id `k` the left and right halo columns at `(k % 2) * 33 - 1` and
// `k / 2 - 33`. Distinct threads store distinct elements (33 * b + 34 * a
// with b < 2, a < 42 is injective: 33 and 34 are coprime). The solver gets
// `k / 2` and `k % 2` as linear facts over one quotient and remainder
// (check/divmod.rs).
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
        i = (k % 2) * (TX + 1) - 1;
        j = k / 2 - TX - 1;
    }
    if (k < 2 * (TX + TY + 2))
        tile[(i + 1) + (j + 1) * (TX + 2)] = in[blockIdx.x * nx + k];
    __syncthreads();
    out[(blockIdx.y * gridDim.x + blockIdx.x) * (TX * TY) + k] =
        tile[threadIdx.x + 1 + (threadIdx.y + 1) * (TX + 2)];
}

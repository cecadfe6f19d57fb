// expect-verdict: race-free
//--blockDim=[16,16]
// Output tiles numbered along one grid dimension and split by a run-time
// tile count (`blockIdx.z / tiles_x`, `blockIdx.z % tiles_x`), stored
// through a 4-D row-major index `((b * C + c) * H + row) * W + col`. Needs
// the bounds of a quotient and remainder by a symbolic divisor, the row-major
// reading that groups every multiple of `W` (and then of `H`, `C`), and
// equal quotient and remainder giving equal tile numbers (different blocks).

__global__ void tiles_nchw(float *out, int C, int H, int W, int tiles_x) {
    int b = blockIdx.x;
    int c = blockIdx.y;
    int row = blockIdx.z / tiles_x * 16 + threadIdx.y;
    int col = blockIdx.z % tiles_x * 16 + threadIdx.x;
    if (c < C && row < H && col < W) {
        out[((b * C + c) * H + row) * W + col] = 1.0f;
    }
}

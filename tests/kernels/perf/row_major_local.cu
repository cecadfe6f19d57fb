// expect-verdict: race-free
// A row-major index stored in a local before the access: the offset's term
// is read as `y * W + x` (term-level row-major readings), so x < W keeps the
// rows apart. It took the solver about 8 s without the reading.

__global__ void fill_2d_local(float *a, int W, int H) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < W && y < H) {
        int idx = y * W + x;
        a[idx] = x;
    }
}

// expect-verdict: race-free
// The row-major index of a 2-D launch: x < W keeps rows apart (the
// row-major lemma), and each dimension's global index is one thread's own
// (the delinearisation lemma of the global index). It took the solver 4 s.

__global__ void fill_2d(float *a, int W, int H) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < W && y < H)
        a[y * W + x] = x;
}

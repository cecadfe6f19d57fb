// expect-verdict: racy
// The constructs of launch/index_arithmetic_selection.cu with the
// index-arithmetic assumption dropped (syncwright.toml here): a product over
// a selected block id, and one over a sum with a signed row term, wrap
// modulo 2^32, so rows far apart meet (`width = 2^31`: rows 0 and 2).

__global__ void pick_rows(float *y, unsigned width, bool rows_in_x) {
    const unsigned row = rows_in_x ? blockIdx.x : blockIdx.y;
    if (threadIdx.x < width)
        y[row * width + threadIdx.x] = (float)row; //~ race write-write
}

void pick(float *y, unsigned rows, unsigned width) {
    pick_rows<<<rows, 256>>>(y, width, true);
}

__global__ void signed_rows(float *y, int G, int K, int width) {
    const int C = G * K;
    const int n = blockIdx.x;
    if (threadIdx.x < width)
        y[(n * C + blockIdx.y) * width + threadIdx.x] = (float)n; //~ race write-write
}

void rows(float *y, int N, int C, int G, int width) {
    if (C % G != 0)
        return;
    signed_rows<<<dim3(N, C), 256>>>(y, G, C / G, width);
}

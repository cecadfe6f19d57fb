// expect-verdict: race-free
// Every launch passes the same constants: the row width 64 (a `#define`)
// and the template's tile size 32. Checked with those values, the rows of
// two blocks never overlap; with any width (say -64), they would.
#define WIDTH 64

template <int TILE>
__global__ void scale_rows(float *m, int width, float f) {
    __shared__ float row[TILE];
    int base = (int)blockIdx.x * width;
    if (threadIdx.x < TILE)
        row[threadIdx.x] = m[base + threadIdx.x] * f;
    __syncthreads();
    if (threadIdx.x < TILE)
        m[base + width - 1 - threadIdx.x] = row[threadIdx.x];
}

void run(float *m, int rows) {
    scale_rows<32><<<rows, 32>>>(m, WIDTH, 2.0f);
    scale_rows<32><<<rows, 32>>>(m, WIDTH, 0.5f);
}

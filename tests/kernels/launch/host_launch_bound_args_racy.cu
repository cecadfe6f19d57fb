// expect-verdict: racy
// The launches pass different widths (64 and 16): the width stays unknown,
// and with a width of 16 the 32 threads of a block write into the next row.
template <int TILE>
__global__ void scale_rows_mixed(float *m, int width, float f) {
    __shared__ float row[TILE];
    int base = (int)blockIdx.x * width;
    row[threadIdx.x] = m[base + threadIdx.x] * f; //~ race read-write
    __syncthreads();
    m[base + width - 1 - threadIdx.x] = row[threadIdx.x]; //~ race write-write, race write-read
}

void run(float *m, int rows) {
    scale_rows_mixed<32><<<rows, 32>>>(m, 64, 2.0f);
    scale_rows_mixed<32><<<rows, 32>>>(m, 16, 2.0f);
}

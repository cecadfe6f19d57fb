// expect-verdict: race-free
// C-style host code declares the loop counter before its loop (`int i = 0;
// for (i = 0; ...)`, as LU decomposition drivers do): the counter still
// bounds the argument at each launch, `0 <= offset < md - 16`, and the grid
// is `(md - offset) / 16 - 1` blocks of the trailing submatrix. Block b
// updates the 16x16 tile at rows and columns offset + 16 (b + 1) from the
// row panel at offset, which no block writes.
#define BS 16

__global__ void trailing_update(float *m, int md, int offset) {
    int row = offset + (blockIdx.y + 1) * BS;
    int col = offset + (blockIdx.x + 1) * BS;
    float r = m[(offset + threadIdx.y) * md + col + threadIdx.x];
    m[(row + threadIdx.y) * md + col + threadIdx.x] -= r;
}

void decompose(float *m, int md) {
    int i = 0;
    dim3 block(BS, BS);
    for (i = 0; i < md - BS; i += BS) {
        dim3 grid((md - i) / BS - 1, (md - i) / BS - 1);
        trailing_update<<<grid, block>>>(m, md, i);
    }
}

int main() {
    float *m;
    cudaMalloc((void **)&m, 2048 * 2048 * sizeof(float));
    decompose(m, 2048);
    return 0;
}

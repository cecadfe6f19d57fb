// expect-verdict: racy
// A block-level grid-stride loop whose counter is also assigned in the
// body (`row -= 1`): block 0 takes rows 0, gridDim.x - 1, ... and block 1
// takes row 1 then row gridDim.x, so the rows of two blocks meet; the
// counter is not the block-level grid-stride counter.
__global__ void stamp(float *out, int rows) {
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        if (threadIdx.x == 0)
            out[row] = (float)blockIdx.x; //~ race write-write
        row -= 1;
    }
}

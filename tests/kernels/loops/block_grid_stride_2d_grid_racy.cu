// expect-verdict: racy
// A block-level grid-stride loop over blockIdx.x in a grid that also has a
// y dimension (the kernel reads blockIdx.y): blocks (0,0) and (0,1) have
// the same counter, so they store the same `out[row]`.
__global__ void stamp(float *out, int rows) {
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        if (threadIdx.x == 0)
            out[row] = (float)blockIdx.y; //~ race write-write
    }
}

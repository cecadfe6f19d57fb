// expect-verdict: racy
//--blockDim=[32,8]
// The twin of plane_walk_rows.cu whose threads take one column more than
// a row has (`i <= nx`): with `pitch == nx`, cell (nx, j) is cell (0, j + 1),
// which another thread (of the same block or of another one) writes.

__global__ void walk_planes_extra_row(float *out, const float *in, int nx, int ny, int nz,
                                      int pitch) {
    __builtin_assume(pitch == nx);
    int i = blockIdx.x * 32 + threadIdx.x;
    int j = blockIdx.y * 8 + threadIdx.y;
    int indg = i + j * pitch;
    int indg0;
    int active = (i <= nx) && (j < ny);
    for (int k = 0; k < nz; k++) {
        if (active) {
            indg0 = indg;
            indg = indg + ny * pitch;
        }
        __syncthreads();
        if (active) {
            out[indg0] = in[indg0] + 1.0f; //~ race write-write
        }
        __syncthreads();
    }
}

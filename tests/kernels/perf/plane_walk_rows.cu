// expect-verdict: race-free
//--blockDim=[32,8]
// Each thread owns cell (i, j) of every plane of an nx * ny * nz volume of
// row pitch `pitch == nx` and walks the planes by adding the plane size to
// its index, one plane per barrier interval (the shape of HeCBench
// laplace3d). Threads of different blocks may be at different planes: the
// cells meet only if the starts differ by a multiple of the plane size,
// and both starts are in [0, ny * pitch) because i < pitch and j < ny, so
// equal cells have equal starts, rows and columns (the plane-counter
// lemma, `Encoder::plane_counter_lemmas`; the solver alone needs `j * pitch
// < ny * pitch`, non-linear, and ran out of budget).

__global__ void walk_planes(float *out, const float *in, int nx, int ny, int nz, int pitch) {
    __builtin_assume(pitch == nx);
    int i = blockIdx.x * 32 + threadIdx.x;
    int j = blockIdx.y * 8 + threadIdx.y;
    int indg = i + j * pitch;
    int indg0;
    int active = (i < nx) && (j < ny);
    for (int k = 0; k < nz; k++) {
        if (active) {
            indg0 = indg;
            indg = indg + ny * pitch;
        }
        __syncthreads();
        if (active) {
            out[indg0] = in[indg0] + 1.0f;
        }
        __syncthreads();
    }
}

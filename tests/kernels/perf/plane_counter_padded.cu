// expect-verdict: race-free
//--blockDim=[32,8] --gridDim=[4,4]
// A padded 3-D volume walked plane by plane: the index starts at the
// thread's column of the first inner plane (a uniform `padding` of unknown
// range included) and advances by the plane size `sz` in the loops, so it is
// `start + k * sz` only through the counters' facts. Each thread inside the
// volume (`gx < dimx`, `gy < dimy`) owns its column: two threads meet only
// in the same plane, row and column.

__global__ void plane_stencil(float *out, const float *in, int dimx, int dimy,
                              int dimz, int padding) {
    const int gx = blockIdx.x * blockDim.x + threadIdx.x;
    const int gy = blockIdx.y * blockDim.y + threadIdx.y;
    const int sy = dimx + 8;
    const int sz = sy * (dimy + 8);
    int idx = 4 * sy + 4 + padding;
    idx += gy * sy + gx;
    for (int i = 2; i >= 0; i--)
        idx += sz;
    bool valid = true;
    if (gx >= dimx) valid = false;
    if (gy >= dimy) valid = false;
    for (int z = 0; z < dimz; z++) {
        idx += sz;
        if (valid) out[idx] = in[idx] * 2.0f;
    }
}

// The same walk with the index advanced in the loop's step and read through
// a second local, as a volume's output index often is.
__global__ void plane_copy(float *out, const float *in, int dimx, int dimy,
                           int dimz) {
    const int gx = blockIdx.x * blockDim.x + threadIdx.x;
    const int gy = blockIdx.y * blockDim.y + threadIdx.y;
    const int plane = dimx * dimy;
    if (gx >= dimx || gy >= dimy) return;
    int idx = gy * dimx + gx;
    for (int z = 0; z < dimz; z++, idx += plane) {
        int o = idx;
        out[o] = in[o] + 1.0f;
    }
}

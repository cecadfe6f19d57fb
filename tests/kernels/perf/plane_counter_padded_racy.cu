// expect-verdict: racy
//--blockDim=[32,8] --gridDim=[4,4]
// Twins of plane_counter_padded.cu whose layouts let two threads meet: each
// race is real.

// The column is left out of the index: threads (x, y) and (x', y) of one
// row write the same slot of each plane.
__global__ void column_left_out(float *out, const float *in, int dimx, int dimy,
                                int dimz, int padding) {
    const int gx = blockIdx.x * blockDim.x + threadIdx.x;
    const int gy = blockIdx.y * blockDim.y + threadIdx.y;
    const int sy = dimx + 8;
    const int sz = sy * (dimy + 8);
    int idx = 4 * sy + 4 + padding;
    idx += gy * sy;
    bool valid = gx < dimx && gy < dimy;
    for (int z = 0; z < dimz; z++) {
        idx += sz;
        if (valid) out[idx] = in[idx + gx] * 2.0f; //~ race write-write
    }
}

// The plane advances by one row only: row y + 1 of plane z is row y of
// plane z + 1 (another thread, another iteration).
__global__ void plane_of_one_row(float *out, const float *in, int dimx, int dimy,
                                 int dimz, int padding) {
    const int gx = blockIdx.x * blockDim.x + threadIdx.x;
    const int gy = blockIdx.y * blockDim.y + threadIdx.y;
    const int sy = dimx + 8;
    int idx = 4 * sy + 4 + padding;
    idx += gy * sy + gx;
    bool valid = gx < dimx && gy < dimy;
    for (int z = 0; z < dimz; z++) {
        idx += sy;
        if (valid) out[idx] = in[idx] * 2.0f; //~ race write-write
    }
}

// A plane smaller than the rows of the volume.
__global__ void plane_too_small(float *out, const float *in, int dimx, int dimy,
                                int dimz) {
    const int gx = blockIdx.x * blockDim.x + threadIdx.x;
    const int gy = blockIdx.y * blockDim.y + threadIdx.y;
    const int plane = dimx * (dimy - 1);
    if (gx >= dimx || gy >= dimy) return;
    int idx = gy * dimx + gx;
    for (int z = 0; z < dimz; z++, idx += plane) {
        int o = idx;
        out[o] = in[o] + 1.0f; //~ race write-write
    }
}

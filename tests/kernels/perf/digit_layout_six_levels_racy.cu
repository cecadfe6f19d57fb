// expect-verdict: racy
//--blockDim=[8,8,1] --gridDim=[4,4,8]
// Twin of digit_layout_six_levels.cu that leaves the x digit out of the
// layout: threads (x, iy) and (x', iy) write the same slots.

#define NU 4

__global__ void init_faces_x_left_out(float *face, int na, int ne, int nx, int ny) {
    int ix = blockDim.x * blockIdx.x + threadIdx.x;
    int iy = blockDim.y * blockIdx.y + threadIdx.y;
    int octant = blockDim.z * blockIdx.z + threadIdx.z;
    if (ix >= nx || iy >= ny || octant >= 8) return;
    for (int ie = 0; ie < ne; ++ie)
        for (int iu = 0; iu < NU; ++iu)
            for (int ia = 0; ia < na; ++ia)
                face[ia + na * (iu + NU * (ie + ne * (iy + ny * octant)))] = //~ race write-write
                    (float)(ia + ie + iu + ix);
}

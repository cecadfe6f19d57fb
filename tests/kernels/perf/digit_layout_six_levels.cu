// expect-verdict: race-free
//--blockDim=[8,8,1] --gridDim=[4,4,8]
// A six-level mixed-radix layout (angle, unknown, energy, x, y, octant) with
// symbolic radices and one constant radix between them: each thread
// (ix, iy, octant) owns the slots of its (x, y, octant), and its own loops
// walk the inner digits. The radix-4 digit `iu` sits between two symbolic
// ones, so the energy level is a row of length `4 * ne`.

#define NU 4

__global__ void init_faces(float *face, int na, int ne, int nx, int ny) {
    int ix = blockDim.x * blockIdx.x + threadIdx.x;
    int iy = blockDim.y * blockIdx.y + threadIdx.y;
    int octant = blockDim.z * blockIdx.z + threadIdx.z;
    if (ix >= nx || iy >= ny || octant >= 8) return;
    for (int ie = 0; ie < ne; ++ie)
        for (int iu = 0; iu < NU; ++iu)
            for (int ia = 0; ia < na; ++ia)
                face[ia + na * (iu + NU * (ie + ne * (ix + nx * (iy + ny * octant))))] =
                    (float)(ia + ie + iu);
}

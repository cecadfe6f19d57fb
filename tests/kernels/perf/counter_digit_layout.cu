// expect-verdict: race-free
//--blockDim=[8,8,1] --gridDim=[4,4,8]
// Loop counters as the inner digits of a mixed-radix layout: at every
// access of a loop body the loop's test held for the counter's current
// value (the body never assigns it), and a counter that starts at `init`
// and only grows by a positive step is at least `init`; so `0 <= ia < na`
// and the row-major division theorem applies level by level down to the
// thread ids: decided without the solver.

#define NU 4

__global__ void faces(float *face, int na, int ne, int nx, int ny) {
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

// The counter's bound comes from a test inside the body (the loop runs
// further): `k < m` holds in the branch, where `k` still has the value
// the test saw.
__global__ void rows_guarded_inside(float *out, int n, int m, int w, int h) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (t >= w || r >= h) return;
    for (int k = 0; k < n; k += 1) {
        if (k < m)
            out[k + m * (t + w * (r + h * z))] =
                out[k + m * (t + w * (r + h * z))] + 1.0f;
    }
}

// A counter that starts at 2 and steps by 3, under 2 <= k < m.
__global__ void rows_from_two(float *out, int m, int w, int h) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (t >= w || r >= h) return;
    for (int k = 2; k < m + 2; k += 3)
        out[(k - 2) + m * (t + w * (r + h * z))] = (float)t;
}

// A local read from memory and tested before the access: the branch never
// assigns it, so `0 <= k < m` holds at the access.
__global__ void tested_local(float *out, const int *sel, int m, int w, int h) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (t >= w || r >= h) return;
    int k = sel[t + w * r];
    if (k >= 0 && k < m)
        out[k + m * (t + w * (r + h * z))] = (float)t;
}

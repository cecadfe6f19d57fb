// expect-verdict: racy
// Racy only when the plane count D is at least 3 (planes 0 and 2 share a
// slot of `d % 2`), and only for the extents of D that the store's guard
// allows: a witness search that pins the sizes to small values finds no
// race with D = 2 and must leave the query to the unpinned turns, which
// find it.
__global__ void planes_folded(float *dst, int C, int D, int HW) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < C * D * HW && D == 5) {
        int c = (idx / (D * HW)) % C;
        int d = (idx / HW) % D;
        int p = idx % HW;
        dst[(c * 2 + d % 2) * HW + p] = (float)d; //~ race
    }
}

// expect-verdict: racy
// A C x D x HW volume walked one element per thread, the plane index `d`
// dropped from the store's offset: threads idx and idx + HW (same c and p,
// next plane) store to the same place. The race needs products and
// quotients of the run-time sizes; with the sizes pinned to small values
// (C = D = HW = 2) its witness is a linear query.
__global__ void plane_dropped(float *dst, int C, int D, int HW) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < C * D * HW) {
        int c = (idx / (D * HW)) % C;
        int d = (idx / HW) % D;
        int p = idx % HW;
        dst[c * HW + p] = (float)d; //~ race
    }
}

// expect-verdict: racy
//--blockDim=[8,8,1] --gridDim=[4,4,8]
// Twins of counter_digit_layout.cu where a counter digit may leave its
// row: an inclusive bound, a start below 0, a body that doubles the counter
// after the test, a guard on a local the body doubles after the test, a
// counter counting down past 0, a tested local doubled in the branch.

__global__ void inclusive_bound(float *face, int na, int nx, int ny) {
    int ix = blockDim.x * blockIdx.x + threadIdx.x;
    int iy = blockDim.y * blockIdx.y + threadIdx.y;
    if (ix >= nx || iy >= ny) return;
    for (int ia = 0; ia <= na; ++ia)
        face[ia + na * (ix + nx * iy)] = (float)ia; //~ race write-write
}

__global__ void starts_below_zero(float *out, int m, int w) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (t >= w) return;
    for (int k = -1; k < m; k++)
        out[k + m * (t + w * r)] = (float)t; //~ race write-write
}

__global__ void moved_in_body(float *out, int m, int w, int jump) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (t >= w) return;
    for (int k = 0; k < m; k++) {
        if (jump) k = 2 * k;
        out[k + m * (t + w * r)] = (float)t; //~ race write-write
    }
}

__global__ void guard_then_reassigned(float *out, const int *in, int n, int m, int w) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (t >= w) return;
    for (int k = 0; k < n; k++) {
        int j = k;
        if (j < m) {
            j = 2 * j;
            out[j + m * (t + w * r)] = (float)t; //~ race write-write
        }
    }
}

__global__ void counting_down(float *out, int m, int w) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (t >= w) return;
    for (int k = m - 1; k > -2; k--)
        out[k + m * (t + w * r)] = (float)t; //~ race write-write
}

__global__ void tested_local_then_doubled(float *out, const int *sel, int m, int w, int h) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (t >= w || r >= h) return;
    int k = sel[t + w * r];
    if (k >= 0 && k < m) {
        k = 2 * k;
        out[k + m * (t + w * (r + h * z))] = (float)t; //~ race write-write
    }
}

// expect-verdict: racy
// The twin of grid_stride_first_point.cu whose later points start one
// block after the first point (`i0 + blockDim.x`) rather than one grid
// after it: with two blocks, thread 0 of block 0 steps to `blockDim.x`,
// the first point of thread 0 of block 1. The grid-stride lemmas apply
// (the later points' counter steps by `gridDim.x * blockDim.x`) and must
// not hide the race. The Gray-code loop of the race-free kernel is left
// out: among its bit-vector terms the solver finds no witness within the
// budget (the kernel would be inconclusive), and it does not touch `out`.

__global__ void points_early(float *out, const unsigned *table, unsigned n) {
    __shared__ unsigned dir[32];
    if (threadIdx.x < 32) {
        dir[threadIdx.x] = table[32 * blockIdx.y + threadIdx.x];
    }
    __syncthreads();
    out += n * blockIdx.y;
    int i0 = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = gridDim.x * blockDim.x;
    unsigned x = dir[i0 & 31];
    if (i0 < n) {
        out[i0] = (float)x; //~ race write-write
    }
    for (unsigned i = i0 + blockDim.x; i < n; i += stride) {
        x ^= dir[i & 31];
        out[i] = (float)x; //~ race write-write
    }
}

// expect-verdict: racy
// The twins of pinned_lane_counter_rows.cu one guard short: only x is
// pinned while the block has a y extent; the column guard is missing; the
// early return tests y against X.

__global__ void block_slots_2d(float *out) {
    if (threadIdx.x == 0)
        out[blockIdx.x] = threadIdx.y; //~ race write-write
}

__global__ void counter_rows_unguarded(float *out, int n, int m) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < m; i++)
        out[i * n + t] = i; //~ race write-write
}

__global__ void volume_wrong_bound(float *v, int X, int Y, int Z) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (y >= X || x >= Y || z >= Z)
        return;
    v[(z * Y + y) * X + x] = x; //~ race write-write
}

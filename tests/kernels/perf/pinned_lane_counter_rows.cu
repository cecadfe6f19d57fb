// expect-verdict: race-free
// Offsets decided without the solver (check::delinear): the first thread
// of each block writes the block's slot (`threadIdx.x == 0` pins the thread
// within its block, `blockIdx.x` the block); a loop counter picks the row
// above a guarded column (`t < n`), whatever its value; a 3-D volume under
// an early return.

__global__ void block_slots(float *out, const float *in) {
    __shared__ float s[256];
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0] + s[1];
}

__global__ void counter_rows(float *out, int n, int m) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n)
        for (int i = 0; i < m; i++)
            out[i * n + t] = out[i * n + t] + i;
}

__global__ void volume_early_exit(float *v, int X, int Y, int Z) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= X || y >= Y || z >= Z)
        return;
    v[(z * Y + y) * X + x] = v[(z * Y + y) * X + x] * 0.5f;
}

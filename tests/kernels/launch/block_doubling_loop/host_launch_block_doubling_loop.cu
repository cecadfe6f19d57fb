// expect-verdict: race-free
// One warp per row: a block of `blockDim.x` threads holds `blockDim.x / 32`
// warps, and warp w of block b owns row `b * (blockDim.x / 32) + w`. When
// the block is a whole number of warps the rows of two blocks are apart;
// the host launches it with 32, 64, ..., 1024 threads only. The racy twin
// (a loop starting at 48) shows the race this depends on.

__global__ void warp_rows(float *out, const float *inp, int N, int C) {
    int tid = threadIdx.x;
    int warpId = tid / warpSize;
    const int warpsPerBlock = blockDim.x / warpSize;
    int row = blockIdx.x * warpsPerBlock + warpId;
    if (row >= N) return;
    int laneId = tid % warpSize;
    const float *x = inp + row * C;
    float *const y = out + row * C;
    for (int i = laneId; i < C; i += warpSize) {
        y[i] = x[i] * 2.0f;
    }
}

void run_rows(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    int grid = (N * warp_size + block_size - 1) / block_size;
    warp_rows<<<grid, block_size>>>(out, inp, N, C);
}

int main() {
    float *out, *inp;
    cudaMalloc(&out, 8 * 128 * sizeof(float));
    cudaMalloc(&inp, 8 * 128 * sizeof(float));
    for (int j = 32; j <= 1024; j = j * 2) run_rows(out, inp, 8, 128, 32, j);
    return 0;
}

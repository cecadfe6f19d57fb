// expect-verdict: racy
// The twin of host_launch_block_doubling_loop.cu whose host loop starts at
// 48 threads, not a whole number of warps: with 48 threads a block holds
// `48 / 32 = 1` warp by the kernel's count, so thread 32 of block 0 (warp 1,
// row 1) and thread 0 of block 1 (warp 0, row 1) both own row 1.

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
        y[i] = x[i] * 2.0f; //~ race write-write
    }
}

void run_odd_rows(float *out, const float *inp, int N, int C, int warp_size, int block_size) {
    int grid = (N * warp_size + block_size - 1) / block_size;
    warp_rows<<<grid, block_size>>>(out, inp, N, C);
}

int main() {
    float *out, *inp;
    cudaMalloc(&out, 8 * 128 * sizeof(float));
    cudaMalloc(&inp, 8 * 128 * sizeof(float));
    for (int j = 48; j <= 1024; j = j * 2) run_odd_rows(out, inp, 8, 128, 32, j);
    return 0;
}

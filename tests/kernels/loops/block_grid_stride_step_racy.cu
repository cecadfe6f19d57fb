// expect-verdict: racy
// As block_grid_stride.cu, but the rows step by gridDim.x - 1: block 0
// takes rows 0, 63, ... and block 63 starts at row 63, so thread 0 of both
// blocks stores `sums[63]` (64 blocks). A step other than gridDim.x itself
// is not the block-level grid-stride loop.
#define THREADS 128

__global__ void row_sums(float *sums, const float *m, int rows, int cols) {
    __shared__ float part[THREADS];
    for (int row = blockIdx.x; row < rows; row += gridDim.x - 1) {
        float s = 0.0f;
        for (int c = threadIdx.x; c < cols; c += blockDim.x)
            s += m[row * cols + c];
        part[threadIdx.x] = s;
        __syncthreads();
        if (threadIdx.x == 0) {
            float total = 0.0f;
            for (int t = 0; t < THREADS; ++t)
                total += part[t];
            sums[row] = total; //~ race write-write
        }
        __syncthreads();
    }
}

int main() {
    float *sums = 0, *m = 0;
    row_sums<<<64, THREADS>>>(sums, m, 1000, 300);
    return 0;
}

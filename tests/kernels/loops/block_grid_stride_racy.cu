// expect-verdict: racy
// As block_grid_stride.cu, but every thread of the block stores the row's
// total: the block-level counter is the same in all threads of a block, so
// it tells apart only threads of different blocks, and two threads of one
// block write `sums[row]`.
#define THREADS 128

__global__ void row_sums(float *sums, const float *m, int rows, int cols) {
    __shared__ float part[THREADS];
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        float s = 0.0f;
        for (int c = threadIdx.x; c < cols; c += blockDim.x)
            s += m[row * cols + c];
        part[threadIdx.x] = s;
        __syncthreads();
        sums[row] = part[0] + part[threadIdx.x]; //~ race write-write
        __syncthreads();
    }
}

int main() {
    float *sums = 0, *m = 0;
    row_sums<<<64, THREADS>>>(sums, m, 1000, 300);
    return 0;
}

// expect-verdict: race-free
// A block-level grid-stride loop (`row = blockIdx.x; ...; row += gridDim.x`):
// each block owns the rows congruent to its index modulo gridDim.x, so
// thread 0 of two different blocks never stores the same `sums[row]`; the
// barriers order the block's own shared-memory traffic.
#define THREADS 128

__global__ void row_sums(float *sums, const float *m, int rows, int cols) {
    __shared__ float part[THREADS];
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        float s = 0.0f;
        for (int c = threadIdx.x; c < cols; c += blockDim.x)
            s += m[row * cols + c];
        part[threadIdx.x] = s;
        __syncthreads();
        if (threadIdx.x == 0) {
            float total = 0.0f;
            for (int t = 0; t < THREADS; ++t)
                total += part[t];
            sums[row] = total;
        }
        __syncthreads();
    }
}

int main() {
    float *sums = 0, *m = 0;
    row_sums<<<64, THREADS>>>(sums, m, 1000, 300);
    return 0;
}

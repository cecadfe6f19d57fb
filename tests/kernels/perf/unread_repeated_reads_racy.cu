// expect-verdict: racy
// Stores before a loop whose reads repeat (`lo[t]`, `hi[t]` and the masked
// neighbours `hi[(t - s) & (n - 1)]`): the repeated-read links joined every
// query of the kernel, and with the bit-vector masks in their premises the
// query about the two stores before the loop ran out of budget
// (inconclusive at the wall-clock backstop). Links of reads no other fact
// mentions are left out (exact): racy, `hi` starting inside `lo` when
// `n + 1` is below the block size, and the output rows overlap when `n` is
// below the block size.

__global__ void masked_neighbours(const float *src_lo, const float *src_hi, float *dst,
                                  const int n, const int rounds) {
    extern __shared__ float pool[];
    int t = threadIdx.x;
    int row = blockIdx.x;
    int s = 1;
    float *lo = pool;
    float *hi = &lo[n + 1];
    lo[t] = src_lo[t + row * n]; //~ race write-write
    hi[t] = src_hi[t + row * n]; //~ race write-write
    __syncthreads();
    for (int r = 0; r < rounds; r++) {
        int right = (t + s) & (n - 1);
        int left = (t - s) & (n - 1);
        float q = lo[t] / hi[left];
        float next = hi[t] - lo[right] * q;
        __syncthreads();
        hi[t] = next;
        s *= 2;
        __syncthreads();
    }
    dst[t + row * n] = hi[t]; //~ race write-write
}

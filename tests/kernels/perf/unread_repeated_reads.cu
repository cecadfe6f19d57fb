// expect-verdict: race-free
// Race-free twin of unread_repeated_reads_racy.cu: `hi` starts past the
// block's slots of `lo` and the output rows are the block's. The links of
// the loop's repeated reads are left out of the queries about the stores
// (no other fact mentions those reads).

__global__ void masked_neighbours(const float *src_lo, const float *src_hi, float *dst,
                                  const int n, const int rounds) {
    extern __shared__ float pool[];
    int t = threadIdx.x;
    int row = blockIdx.x;
    int s = 1;
    float *lo = pool;
    float *hi = &lo[blockDim.x];
    lo[t] = src_lo[t + row * n];
    hi[t] = src_hi[t + row * n];
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
    dst[t + row * blockDim.x] = hi[t];
}

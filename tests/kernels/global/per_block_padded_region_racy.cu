// expect-verdict: racy
// The twin of per_block_padded_region.cu with a region padded from 2n
// elements but filled up to 3n + 1 at the end: the last stores of one
// block reach into the next block's region.

__global__ void per_block_padded_region_racy(int n, float *glob) {
    float *buf = &glob[blockIdx.x * ((2 * n + 31) / 32 * 32)];
    float *px = &buf[n];
    for (int i = threadIdx.x; i < n; i += blockDim.x) px[i] = 1.0f; //~ race write-write
    float *py = &px[n + 1];
    for (int i = threadIdx.x; i < n; i += blockDim.x) py[i] = 2.0f; //~ race write-write
}

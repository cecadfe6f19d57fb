// expect-verdict: race-free
// Each block fills its own region of `glob`, padded to a multiple of 32
// elements; the stride loop's counter stays below n, so the stores of two
// blocks never meet (the stride-loop counter facts `i == tid + k*blockDim`
// give i >= 0).

__global__ void per_block_padded_region(int n, float *glob) {
    float *buf = &glob[blockIdx.x * ((3 * n + 2 + 31) / 32 * 32)];
    float *px = &buf[n];
    for (int i = threadIdx.x; i < n; i += blockDim.x) px[i] = 1.0f;
    float *py = &px[n + 1];
    for (int i = threadIdx.x; i < n; i += blockDim.x) py[i] = 2.0f;
}

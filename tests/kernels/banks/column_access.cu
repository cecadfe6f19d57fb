// expect-verdict: race-free
//--blockDim=32 --gridDim=8
// expect-padding(rows): columns +1
// expect-padding(half): columns +1
// Each thread walks its own row of a 2-D tile: lanes differ in the row, so
// every step is a column access. 32 words per row: one bank, 32-way; 16 words
// per row: two banks, 16-way.

__global__ void row_sums(float *out, const float *in) {
    __shared__ float rows[32][32];
    __shared__ float half[32][16];
    unsigned t = threadIdx.x;
    for (int k = 0; k < 32; k++)
        rows[k][t] = in[blockIdx.x * 1024 + k * 32 + t];
    for (int k = 0; k < 16; k++)
        half[t][k] = in[blockIdx.x * 512 + t * 16 + k]; //~ bank-conflict 16
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < 32; k++)
        sum += rows[t][k]; //~ bank-conflict 32
    out[blockIdx.x * 32 + t] = sum + half[t][0]; //~ bank-conflict 16
}

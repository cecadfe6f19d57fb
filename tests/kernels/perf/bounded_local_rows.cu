//--blockDim=[32,4,1] --gridDim=8
// expect-verdict: race-free
// Rows of 100 floats per `threadIdx.y`, each holding rows `r` of 32
// columns, `r` a local the guards bound: a loop counter (`0 <= r < 3`, the
// loop's test and start), a value read from memory (`0 <= r < 3` from an
// `if`), and a counter shifted into place (`j << 5` under `j < 3`).
// `threadIdx.y * 100 + r * 32 + threadIdx.x` is injective
// only because `r <= 2` (31 + 32 * 2 < 100): the mixed-radix theorem with
// the guards' upper bounds decides every pair without a solver query.

__global__ void loop_rows(float *out) {
    __shared__ float s[4 * 100];
    int c = threadIdx.x;
    int q = threadIdx.y;
    for (int r = 0; r < 3; r++)
        s[q * 100 + r * 32 + c] = (float)r;
    __syncthreads();
    out[blockIdx.x * 128 + q * 32 + c] = s[q * 100 + c];
}

__global__ void guarded_row(float *out, const int *rows) {
    __shared__ float s[4 * 100];
    int c = threadIdx.x;
    int q = threadIdx.y;
    int r = rows[c];
    if (r >= 0 && r < 3)
        s[q * 100 + r * 32 + c] = 1.0f;
}

__global__ void shifted_rows(float *out) {
    __shared__ float s[4 * 100];
    int c = threadIdx.x;
    int q = threadIdx.y;
    for (int j = 0; j < 3; j++)
        s[q * 100 + (j << 5) + c] = (float)j;
}

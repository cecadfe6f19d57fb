//--blockDim=[32,4,1] --gridDim=8
// expect-verdict: racy
// The twins of bounded_local_rows.cu whose row bound lets rows reach the
// next `threadIdx.y`'s: with `r <= 3`, thread (4, 0) at row 3 and thread
// (0, 1) at row 0 both store s[100]; without the lower bound, a row read
// as -1 puts thread (0, 1) on s[68], where thread (4, 0) stores at row 2.
// Each thread stores its own linear id: the races are harmful.

__global__ void loop_rows_overlap(float *out) {
    __shared__ float s[4 * 100];
    int c = threadIdx.x;
    int q = threadIdx.y;
    for (int r = 0; r < 4; r++)
        s[q * 100 + r * 32 + c] = (float)(q * 32 + c); //~ race write-write
}

__global__ void guarded_row_unbounded_below(float *out, const int *rows) {
    __shared__ float s[4 * 100];
    int c = threadIdx.x;
    int q = threadIdx.y;
    int r = rows[c];
    if (r < 3)
        s[q * 100 + r * 32 + c] = (float)(q * 32 + c); //~ race write-write
}

__global__ void shifted_rows_overlap(float *out) {
    __shared__ float s[4 * 100];
    int c = threadIdx.x;
    int q = threadIdx.y;
    for (int j = 0; j <= 3; j++)
        s[q * 100 + (j << 5) + c] = (float)(q * 32 + c); //~ race write-write
}

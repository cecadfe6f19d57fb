// expect-verdict: racy
//--blockDim=[16,32] --gridDim=[256,256]
// As ppcg_symbolic_rows.cu, but the column loop steps by 8 while 16 threads
// share a row: threads t1 and t1 + 8 both scale column c1 + t1 + 8. (The
// size check keeps the witness's index within `int`.)

__global__ void scale_rows_overlapping(float *D, float beta, int ni, int nl) {
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    if (ni > 4096 || nl > 4096)
        return;
    for (int c0 = 32 * b0; c0 < ni; c0 += 8192)
        for (int c1 = 32 * b1; c1 < nl; c1 += 8192)
            if (ni >= t0 + c0 + 1)
                for (int c3 = t1; c3 <= min(31, nl - c1 - 1); c3 += 8)
                    D[(t0 + c0) * nl + (c1 + c3)] *= beta; //~ race
}

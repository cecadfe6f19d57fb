// expect-verdict: race-free
//--blockDim=[16,32] --gridDim=[256,256]
// A PPCG-style tiled loop nest (`D *= beta` of a matrix product) with a
// symbolic row length `nl`: each (c0 + t0, c1 + c3) is one thread's element.

__global__ void scale_rows(float *D, float beta, int ni, int nl) {
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    for (int c0 = 32 * b0; c0 < ni; c0 += 8192)
        for (int c1 = 32 * b1; c1 < nl; c1 += 8192)
            if (ni >= t0 + c0 + 1)
                for (int c3 = t1; c3 <= min(31, nl - c1 - 1); c3 += 16)
                    D[(t0 + c0) * nl + (c1 + c3)] *= beta;
}

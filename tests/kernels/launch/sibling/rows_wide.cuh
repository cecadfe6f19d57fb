// expect-verdict: racy
// The same kernel shape launched (from main.cpp) with 32 threads per row of
// 16 elements: thread (16,0) writes s[0][16], which is s[1][0], and the
// same element of `out` as thread (0,1).

__global__ void rows_wide(float *out, const float *in) {
    __shared__ float s[8][16];
    int id = threadIdx.y * 16 + threadIdx.x;
    int base = (int)blockIdx.x * 128;
    s[threadIdx.y][threadIdx.x] = in[base + id]; //~ race write-write
    __syncthreads();
    out[base + id] = s[7 - threadIdx.y][15 - threadIdx.x]; //~ race write-write
}

// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// A local array initialised with constants is a lookup table: each thread
// writes rows 0, 128, ..., 640 of its own column (`strides[i]` is 128 * i).
// `rows[]` takes its length (20, longer than arrays tracked without an
// initializer) from its items; `pad` has zeros where items are missing.

__global__ void transpose_rows(const float *in, float *out) {
    extern __shared__ float tile[];
    int strides[6] = {0, 128, 256, 384, 512, 640};
    int rows[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
    int pad[4] = {0};
    for (int i = 0; i < 6; i++) {
        tile[strides[i] + threadIdx.x + pad[3]] = in[blockIdx.x * 768 + i * 128 + threadIdx.x];
    }
    __syncthreads();
    for (int i = 0; i < 20; i++) {
        out[blockIdx.x * 2560 + rows[i] * 128 + threadIdx.x] = tile[(i % 6) * 128 + threadIdx.x];
    }
}

// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The twin of local_lookup_table.cu with wrong tables: rows 1 and 2 of
// `strides` start 64 apart though each holds 128 elements, so they overlap
// (thread 64 in row 1 and thread 0 in row 2 write tile[128]); the last entry
// of `rows` is 20, past the block's 20 rows: block b writes row 0 of block
// b + 1.

__global__ void transpose_rows(const float *in, float *out) {
    extern __shared__ float tile[];
    int strides[6] = {0, 64, 128, 384, 512, 640};
    int rows[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20};
    for (int i = 0; i < 6; i++) {
        tile[strides[i] + threadIdx.x] = in[blockIdx.x * 768 + i * 128 + threadIdx.x]; //~ race write-write
    }
    __syncthreads();
    for (int i = 0; i < 20; i++) {
        out[blockIdx.x * 2560 + rows[i] * 128 + threadIdx.x] = tile[(i % 6) * 128 + threadIdx.x]; // (write-write too: left undecided once the kernel is racy, see the settled remainder)
    }
}

// A string item does not give the elements of a char table (reading it as
// one scalar item once made s[0] 0): s[0] is 'a', so every thread writes out[0].
__global__ void string_table(int *out) {
    char s[8] = {"abc"};
    if (s[0] == 'a') {
        out[0] = threadIdx.x; //~ race write-write
    }
}

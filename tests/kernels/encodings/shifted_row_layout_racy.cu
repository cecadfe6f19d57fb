// expect-verdict: racy
//--blockDim=32,8 --gridDim=16

// Rows of 16 for warps of 32 threads: `(threadIdx.y << 4) + threadIdx.x`
// gives threads (16, 0) and (0, 1) one element.
__global__ void short_rows(float *out) {
    __shared__ float tile[256];
    int idx = (threadIdx.y << 4) + threadIdx.x;
    tile[idx] = (float)threadIdx.x; //~ race write-write
    __syncthreads();
    out[(blockIdx.x << 8) + idx] = tile[idx]; //~ race write-write
}

// An unsigned shift whose product leaves the type wraps: the linear thread
// index 128 shifted by 25 is 2^32, 0 in 32 bits, thread 0's element.
__global__ void wrapping_shift(unsigned *out) {
    unsigned linear = threadIdx.y * 32u + threadIdx.x;
    out[(linear << 25u) + blockIdx.x] = linear; //~ race write-write
}

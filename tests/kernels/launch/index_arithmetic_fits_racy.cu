// expect-verdict: racy
// Races the index-arithmetic assumption must not hide: they need no wrap.

// Off by one: thread `width` of block b writes the first element of block b+1.
__global__ void tiles_overlap(float *out, unsigned int width) {
    if (threadIdx.x <= width)
        out[blockIdx.x * width + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}

// Subtraction is not covered: thread 0's `threadIdx.x - 1` wraps to
// 2^32 - 1, which is -1 as an `int`, clamped to 0 as thread 1's index.
__global__ void left_neighbour(float *s) {
    int left = threadIdx.x - 1;
    if (left < 0)
        left = 0;
    s[left] = (float)threadIdx.x; //~ race write-write
}

// Hash constants are not index arithmetic: `threadIdx.x * 2^31` wraps by
// design, so threads 0 and 2 both get 0.
__global__ void hashed(float *out) {
    unsigned int h = threadIdx.x * 2147483648u;
    out[h >> 28] = (float)threadIdx.x; //~ race write-write
}

// expect-verdict: racy
// Races the warp-index part of the index-arithmetic assumption must not
// hide: they need no wrap.

// Blocks of 128 threads are 4 warps, but the block offset counts 2: warp 2
// of block b is warp 0 of block b + 1.
__global__ void warp_per_pixel_overlap(float *out, unsigned int width) {
    unsigned int x = blockIdx.x * 2 + threadIdx.x / 32;
    if (x < width && threadIdx.x % 32 == 0)
        out[x] = (float)blockIdx.x; //~ race write-write
}

// A remainder by 16 repeats within a warp of 32 lanes: lanes 0 and 16 meet.
__global__ void half_lanes(float *out, unsigned int rows) {
    unsigned int row = blockIdx.x * 4 + threadIdx.x / 32;
    if (row < rows)
        out[row * 32 + threadIdx.x % 16] = (float)threadIdx.x; //~ race write-write
}

// The mask form of the same mistake: `& 15` repeats within a warp.
__global__ void half_lanes_mask(float *out, unsigned int rows) {
    unsigned int row = blockIdx.x * 4 + (threadIdx.x >> 5);
    if (row < rows)
        out[row * 32 + (threadIdx.x & 15)] = (float)threadIdx.x; //~ race write-write
}

// A quotient of a hash product is not an index: `threadIdx.x * 2^31 / 2`
// wraps before the division, so threads 0 and 2 both write element 0.
__global__ void hashed_quotient(float *out) {
    unsigned int h = threadIdx.x * 2147483648u / 2u;
    out[h >> 28] = (float)threadIdx.x; //~ race write-write
}

// A quotient keeps its dividend's growth (review): `q = t * 2^16 / 3` grows
// like `t * 21846`, so `n * q * 196608` is a hash-like product that wraps by
// design: with n = 1, thread 3 has q = 65536 and index 3 * 2^32 = 0, thread
// 0's element.
__global__ void quotient_times_multiplier(int *a, unsigned n) {
    if (n == 0)
        return;
    unsigned q = (threadIdx.x * 65536u) / 3u;
    a[n * q * 196608u] = threadIdx.x; //~ race write-write
}

void host(float *out, int *a, unsigned int width, unsigned int rows, unsigned n) {
    warp_per_pixel_overlap<<<(width + 3) / 4, 128>>>(out, width);
    half_lanes<<<(rows + 3) / 4, 128>>>(out, rows);
    half_lanes_mask<<<(rows + 3) / 4, 128>>>(out, rows);
    hashed_quotient<<<1, 64>>>(out);
    quotient_times_multiplier<<<1, 64>>>(a, n);
}

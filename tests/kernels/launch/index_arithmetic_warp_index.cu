// expect-verdict: race-free
// Warp and lane indices are index arithmetic (the default index-arithmetic
// assumption): `blockIdx.x * 4 + threadIdx.x / 32` is an index term, so the
// row-major offset `x + y * width` of a guarded `x < width`, `y < height`
// does not wrap modulo 2^32 and each warp's lane 0 writes its own element.
// With the sum wrapping, block (b, y + 1) would meet block (b', y) (the twin
// under index_arithmetic_dropped/ checks this kernel without the assumption).

__global__ void warp_per_pixel(float *out, unsigned int width, unsigned int height) {
    unsigned int x = blockIdx.x * 4 + threadIdx.x / 32;
    unsigned int y = blockIdx.y;
    if (x >= width || y >= height)
        return;
    if (threadIdx.x % 32 == 0)
        out[x + y * width] = (float)x;
}

// The lane is an index too: a warp's 32 lanes write a row of 32 values.
__global__ void lanes_per_row(float *out, unsigned int rows) {
    unsigned int row = blockIdx.x * 4 + threadIdx.x / 32;
    if (row < rows)
        out[row * 32 + threadIdx.x % 32] = (float)row;
}

// A shift right and a low-bit mask compute the same warp index and lane.
__global__ void warp_per_pixel_bits(float *out, unsigned int width, unsigned int height) {
    unsigned int x = blockIdx.x * 4 + (threadIdx.x >> 5);
    unsigned int y = blockIdx.y;
    if (x >= width || y >= height)
        return;
    if ((threadIdx.x & 31) == 0)
        out[x + y * width] = (float)x;
}

void host(float *out, unsigned int width, unsigned int height) {
    warp_per_pixel<<<dim3((width + 3) / 4, height), 128>>>(out, width, height);
    lanes_per_row<<<(height + 3) / 4, 128>>>(out, height);
    warp_per_pixel_bits<<<dim3((width + 3) / 4, height), 128>>>(out, width, height);
}

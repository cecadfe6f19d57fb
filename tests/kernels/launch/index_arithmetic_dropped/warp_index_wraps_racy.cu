// expect-verdict: racy
// The warp_per_pixel kernel of ../index_arithmetic_warp_index.cu with the
// index-arithmetic assumption dropped (syncwright.toml): `x + y * width`
// may wrap modulo 2^32, so two rows' pixels meet (here launched with two
// rows and a grid width the host does not relate to `width`).

__global__ void warp_per_pixel(float *out, unsigned int width, unsigned int height) {
    unsigned int x = blockIdx.x * 4 + threadIdx.x / 32;
    unsigned int y = blockIdx.y;
    if (x >= width || y >= height)
        return;
    if (threadIdx.x % 32 == 0)
        out[x + y * width] = (float)x; //~ race write-write
}

void host(float *out, unsigned int blocks, unsigned int width, unsigned int height) {
    warp_per_pixel<<<dim3(blocks, 2), 128>>>(out, width, height);
}

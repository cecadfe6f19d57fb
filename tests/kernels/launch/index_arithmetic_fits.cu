// expect-verdict: race-free
// Index arithmetic does not wrap (the default index-arithmetic assumption):
// `blockIdx.x * width` and `gridDim.x * blockDim.x * 4` are products of
// launch sizes, block ids and a parameter, below 2^32, and the stride fits
// an `int`. Each block writes its own tile, each chunk is its own: with the
// products wrapping, blocks would share elements (the twin under
// index_arithmetic_dropped/ checks the same kernels without the assumption).

__global__ void tiles(float *out, unsigned int width) {
    if (threadIdx.x < width)
        out[blockIdx.x * width + threadIdx.x] = (float)threadIdx.x;
}

// A signed width multiplied by an unsigned block id is not negative.
__global__ void tiles_signed_width(float *out, int width) {
    if (threadIdx.x < width)
        out[blockIdx.x * width + threadIdx.x] = (float)threadIdx.x;
}

__global__ void strided_chunks(float *data) {
    const unsigned int block = blockDim.x;
    int idx = blockIdx.x * block * 4 + threadIdx.x;
    const int big_stride = gridDim.x * block * 4;
    data[idx] = (float)threadIdx.x;
    data[idx + big_stride] = (float)threadIdx.x;
}

// expect-verdict: racy
// The kernels of ../index_arithmetic_fits.cu with the index-arithmetic
// assumption dropped (syncwright.toml): a product of a block id and a size
// may wrap modulo 2^32, so two blocks' tiles or chunks meet.

__global__ void tiles(float *out, unsigned int width) {
    if (threadIdx.x < width)
        out[blockIdx.x * width + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}

// A negative width converts to a large unsigned one.
__global__ void tiles_signed_width(float *out, int width) {
    if (threadIdx.x < width)
        out[blockIdx.x * width + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}

__global__ void strided_chunks(float *data) {
    const unsigned int block = blockDim.x;
    int idx = blockIdx.x * block * 4 + threadIdx.x;
    const int big_stride = gridDim.x * block * 4;
    data[idx] = (float)threadIdx.x; //~ race write-write
    data[idx + big_stride] = (float)threadIdx.x; //~ race write-write
}

// expect-verdict: racy
// The tiles kernels of ../index_arithmetic_fits.cu with the index-arithmetic
// assumption dropped (syncwright.toml): a product of a block id and a size
// may wrap modulo 2^32, so two blocks' tiles meet.

__global__ void tiles(float *out, unsigned int width) {
    if (threadIdx.x < width)
        out[blockIdx.x * width + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}

// A negative width converts to a large unsigned one.
__global__ void tiles_signed_width(float *out, int width) {
    if (threadIdx.x < width)
        out[blockIdx.x * width + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}

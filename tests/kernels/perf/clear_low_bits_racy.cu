// expect-verdict: racy
//--blockDim=256 --gridDim=16
// As clear_low_bits.cu with the place taken from five bits only
// (`t & 31`): the two halves of a chunk meet, t = 0 and t = 32 (and -128
// and -96) store at the same element.

__global__ void reverse_half_chunks(float *out) {
    __shared__ float buf[256];
    int t = (int)threadIdx.x - 128;
    buf[128 + (t & ~63) + 31 - (t & 31)] = (float)t; //~ race write-write
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = buf[threadIdx.x];
}

__global__ void reverse_half_chunks_unsigned(float *out) {
    __shared__ float buf[256];
    unsigned t = threadIdx.x;
    buf[(t & ~63u) + 31 - (t & 31)] = (float)t; //~ race write-write
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = buf[threadIdx.x];
}

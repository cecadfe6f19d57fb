// expect-verdict: race-free
//--blockDim=256 --gridDim=16
// Each 64-element chunk of a shared array reversed, for a signed position
// t in [-128, 128): `t & ~63` (clear the six low bits) picks the chunk,
// also for negative t (two's complement), `t & 63` the place in it.

__global__ void reverse_chunks(float *out) {
    __shared__ float buf[256];
    int t = (int)threadIdx.x - 128;
    buf[128 + (t & ~63) + 63 - (t & 63)] = (float)t;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = buf[threadIdx.x];
}

// Unsigned: `~63` converted to `unsigned` is 2^32 - 64.
__global__ void reverse_chunks_unsigned(float *out) {
    __shared__ float buf[256];
    unsigned t = threadIdx.x;
    buf[(t & ~63u) + 63 - (t & 63)] = (float)t;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = buf[threadIdx.x];
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A 64-bit loop counter can take more than 2^32 - 1 steps (the symbolic
// execution's step count `k` of `i = init + k * step` once had 32 bits, which
// missed these races): in each kernel buf[0] is written only after 2^32 or
// more iterations (n large), and then by every thread of the block.

__global__ void size_t_counter(float *out, size_t n) {
    __shared__ float buf[64];
    for (size_t i = 0; i < n; i++) {
        if (i >= 4294967296ull)
            buf[0] = threadIdx.x; //~ race write-write
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void long_long_counter(float *out, long long n) {
    __shared__ float buf[64];
    for (long long i = 0; i < n; i++) {
        if (i == 5000000000ll)
            buf[0] = threadIdx.x; //~ race write-write
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void counting_down(float *out, long long n) {
    __shared__ float buf[64];
    for (long long i = n; i > 0; i--) {
        if (n - i > 4294967296ll)
            buf[0] = threadIdx.x; //~ race write-write
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void exit_value(float *out, unsigned long long n) {
    __shared__ float buf[64];
    unsigned long long i = 0;
    for (; i < n; i++) {
        out[threadIdx.x] += 1.0f;
    }
    if (i > 4294967295ull)
        buf[0] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}

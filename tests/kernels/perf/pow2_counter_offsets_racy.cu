// expect-verdict: racy
//--blockDim=256 --gridDim=4
// Twins of pow2_counter_offsets.cu: a partner one element short, strides
// that are not powers of two (27, 9, 3, 1 and 12, 6, 3, 1: `t & (s - 1)`
// is then no remainder), a butterfly without its barrier.

__global__ void partner_one_short(float *out, int logn) {
    const int n = 1 << logn;
    extern __shared__ float buf[];
    const int t = threadIdx.x;
    for (int s = n >> 1; s > 0; s >>= 1) {
        int low = t & (s - 1);
        int a = ((t - low) << 1) + low;
        __syncthreads();
        buf[a] = 1.0f; //~ race write-write
        buf[a + s - 1] = 2.0f; //~ race write-write
    }
}

__global__ void thirds(float *out) {
    extern __shared__ float buf[];
    const int t = threadIdx.x;
    for (int s = 27; s > 0; s /= 3) {
        int low = t & (s - 1);
        int a = ((t - low) << 1) + low;
        __syncthreads();
        buf[a] = (float)t; //~ race write-write
    }
}

__global__ void halving_from_twelve(float *out) {
    extern __shared__ float buf[];
    const int t = threadIdx.x;
    for (int s = 12; s > 0; s >>= 1) {
        int low = t & (s - 1);
        int a = ((t - low) << 1) + low;
        __syncthreads();
        buf[a] = (float)t; //~ race write-write
    }
}

__global__ void no_barrier(float *out, int logn) {
    const int n = 1 << logn;
    extern __shared__ float buf[];
    const int t = threadIdx.x;
    for (int s = n >> 1; s > 0; s >>= 1) {
        int low = t & (s - 1);
        int a = ((t - low) << 1) + low;
        buf[a] = (float)t; //~ race write-write
    }
}

// expect-verdict: racy
// The twin of host_launch_template_wrapper.cu where one instantiation of
// the wrappers, <5, 256>, has more counters than a block's slice of 1024:
// block 0's counter 1024 + k is block 1's counter k. The first
// instantiation, <1, 256>, is race-free: each one is checked.

template <int PARTS, int CHANNELS, int BINS>
__global__ void small_partial_histogram(const unsigned char *in, int n, unsigned int *out) {
    __shared__ unsigned int smem[CHANNELS * BINS];
    for (int i = threadIdx.x; i < CHANNELS * BINS; i += blockDim.x)
        smem[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        for (int c = 0; c < CHANNELS; ++c)
            atomicAdd(&smem[c * BINS + in[i * CHANNELS + c] % BINS], 1u);
    __syncthreads();
    out += blockIdx.x * PARTS;
    for (int i = threadIdx.x; i < BINS; i += blockDim.x)
        for (int c = 0; c < CHANNELS; ++c)
            out[i + BINS * c] = smem[i + BINS * c]; //~ race write-write
}

template <int CHANNELS, int BINS>
void run_small_partial(const unsigned char *in, int n, unsigned int *d_parts) {
    enum { PARTS = 1024 };
    small_partial_histogram<PARTS, CHANNELS, BINS><<<16, 128>>>(in, n, d_parts);
}

template <int CHANNELS, int BINS>
void test_small_methods(const unsigned char *in, int n, unsigned int *d_parts) {
    run_small_partial<CHANNELS, BINS>(in, n, d_parts);
}

int main() {
    unsigned char *in;
    unsigned int *parts;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&parts, 16 * 1024 * sizeof(unsigned int));
    test_small_methods<1, 256>(in, 1 << 18, parts);
    test_small_methods<5, 256>(in, 1 << 18, parts);
    return 0;
}

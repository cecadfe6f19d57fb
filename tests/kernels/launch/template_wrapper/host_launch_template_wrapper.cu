// expect-verdict: race-free
// The launch's template arguments are template parameters of the launching
// function template `run_partial<CHANNELS, BINS>`, itself named only as
// `run_partial<CHANNELS, BINS>` in the template `test_methods`, which main
// instantiates as <1, 256> and <3, 256>: the launch is checked once per
// instantiation, with those values (the shape of HeCBench histogram).
// Each block writes its partial histogram, CHANNELS * BINS counters, into
// its own slice of PARTS = 1024 counters: with 1 x 256 and 3 x 256
// counters the slices are apart. The racy twin passes 512 for PARTS.

template <int PARTS, int CHANNELS, int BINS>
__global__ void partial_histogram(const unsigned char *in, int n, unsigned int *out) {
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
            out[i + BINS * c] = smem[i + BINS * c];
}

template <int CHANNELS, int BINS>
void run_partial(const unsigned char *in, int n, unsigned int *d_parts) {
    enum { PARTS = 1024 };
    partial_histogram<PARTS, CHANNELS, BINS><<<16, 128>>>(in, n, d_parts);
}

template <int CHANNELS, int BINS>
void test_methods(const unsigned char *in, int n, unsigned int *d_parts) {
    run_partial<CHANNELS, BINS>(in, n, d_parts);
}

int main() {
    unsigned char *in;
    unsigned int *parts;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&parts, 16 * 1024 * sizeof(unsigned int));
    test_methods<1, 256>(in, 1 << 18, parts);
    test_methods<3, 256>(in, 1 << 18, parts);
    return 0;
}

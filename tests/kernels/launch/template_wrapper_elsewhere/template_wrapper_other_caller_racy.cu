// expect-verdict: racy
// The kernel and wrappers of ../template_wrapper/host_launch_template_wrapper.cu,
// but other_caller.cpp in this folder names `run_partial` too: another
// program may instantiate it with other values (<16, 256> there, whose
// 4096 counters overrun a block's slice of 1024), so the instantiations
// this unit names are not all there are and the template parameters stay
// unknown.

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
            out[i + BINS * c] = smem[i + BINS * c]; //~ race write-write
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

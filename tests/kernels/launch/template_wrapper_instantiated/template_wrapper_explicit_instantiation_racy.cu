// expect-verdict: racy
// The wrapper of ../template_wrapper/host_launch_template_wrapper.cu, which
// main calls as run_partial<1, 256>, also explicitly instantiated as
// <16, 256> (another program may call that specialization): 16 x 256
// counters overrun a block's slice of 1024. An explicit instantiation names
// the specialization, so it is one of the instantiations checked.

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

template void run_partial<16, 256>(const unsigned char *, int, unsigned int *);

int main() {
    unsigned char *in;
    unsigned int *parts;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&parts, 16 * 1024 * sizeof(unsigned int));
    run_partial<1, 256>(in, 1 << 18, parts);
    return 0;
}

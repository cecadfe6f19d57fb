// expect-verdict: racy
// Racy twin of histogram.cuh: its one includer histogram_other_main.cpp
// instantiates the wrapper with <1, 256> and <3, 256>, but
// histogram_other_caller.cpp, another unit of the folder that does not
// include the header, instantiates it with <16, 256>: 4096 counters per
// block overrun a block's slice of 1024, and blocks 0 and 1 both write
// out[1024 + ...]. The header read whole does not hide that other caller.
#pragma once

template <int PARTS, int CHANNELS, int BINS>
__global__ void partial_histogram_other(const unsigned char *in, int n, unsigned int *out) {
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
void run_partial_other(const unsigned char *in, int n, unsigned int *d_parts) {
    enum { PARTS = 1024 };
    partial_histogram_other<PARTS, CHANNELS, BINS><<<16, 128>>>(in, n, d_parts);
}

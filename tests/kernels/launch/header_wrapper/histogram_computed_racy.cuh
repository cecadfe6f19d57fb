// expect-verdict: racy
// Racy twin of histogram.cuh: histogram_computed_main.cpp, the one quoted
// includer, instantiates the wrapper with <3, 256>, but wide/wide.cpp, in
// another folder, includes the header through a macro
// (`#define HEADER "../histogram_computed_racy.cuh"`, then `#include
// HEADER`) and instantiates it with <16, 256>: 4096 counters per block
// overrun a block's slice of 1024. A file spelling the header's name in a
// directive may include it: the header is then not this unit's alone.
#pragma once

template <int PARTS, int CHANNELS, int BINS>
__global__ void partial_histogram_computed(const unsigned char *in, int n, unsigned int *out) {
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
void run_partial_computed(const unsigned char *in, int n, unsigned int *d_parts) {
    enum { PARTS = 1024 };
    partial_histogram_computed<PARTS, CHANNELS, BINS><<<16, 128>>>(in, n, d_parts);
}

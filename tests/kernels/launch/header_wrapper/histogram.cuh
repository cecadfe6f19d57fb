// expect-verdict: race-free
// known-gap: this repository's tree has computed includes (other fixtures: `#include HDR` in launch/macro_include/ and in wide/wide.cpp here); any one of them may name this header in another program, so the header is taken as another caller of its wrapper and the launch's template arguments are unknown. The same header in a tree of its own is race-free (server/tests/cli_files.rs `a_header_another_program_includes_unseen_keeps_its_wrapper_unknown`)
// A header defining a kernel template and the wrapper template launching it,
// included by one program (histogram_main.cpp), which instantiates the
// wrapper with <1, 256> and <3, 256>: at most 768 counters per block, inside
// a block's slice of 1024. When the kernel's launches are searched in the
// folder, histogram_main.cpp is scanned with this header read whole inside
// it: the header names the wrapper, but only in text that program's scan
// read, and no other program includes it, so it is no other caller. (It
// once was: the launch of that scan had unknown template arguments and the
// kernel was racy with CHANNELS * BINS past the slice.)
#pragma once

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

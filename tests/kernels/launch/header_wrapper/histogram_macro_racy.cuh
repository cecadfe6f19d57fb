// expect-verdict: racy
// known-gap: the header calls its template wrapper `run_partial_macro` itself and is compiled in two programs; the walk of other units does not read a header's calls per includer program, so the wrapper's pointer parameters may hold any pointer (FINDINGS.md H9): a false `in`/`out` race is reported first and the real write-write race at line 28 is left undecided
// Racy twin of histogram.cuh: the header calls its wrapper itself with
// CHANNELS taken from a macro, 3 unless the includer defines it.
// histogram_macro_main.cpp includes it as is (3 channels), but
// histogram_macro_wide.cpp defines HIST_CHANNELS as 16 before including it
// and calls the header's run_default, never naming the wrapper: that
// program's 4096 counters per block overrun a block's slice of 1024. The
// header read whole in the first program is not all its programs: another
// file includes it under its own macros.
#pragma once
#ifndef HIST_CHANNELS
#define HIST_CHANNELS 3
#endif

template <int PARTS, int CHANNELS, int BINS>
__global__ void partial_histogram_macro(const unsigned char *in, int n, unsigned int *out) {
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
void run_partial_macro(const unsigned char *in, int n, unsigned int *d_parts) {
    enum { PARTS = 1024 };
    partial_histogram_macro<PARTS, CHANNELS, BINS><<<16, 128>>>(in, n, d_parts);
}

static void run_default(const unsigned char *in, int n, unsigned int *d_parts) {
    run_partial_macro<HIST_CHANNELS, 256>(in, n, d_parts);
}

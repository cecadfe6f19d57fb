// expect-verdict: racy
// The twin of merge_bins.cu included by main_racy.cpp, whose header defines
// `BINS` as 128 before the include: the launch runs blocks of 128 threads,
// and thread 64 of block 0 writes the element of thread 0 of block 1. The
// default below applies only when the file is compiled on its own.
#ifndef BINS
#define BINS 64
#endif

__global__ void merge_bins_wide(unsigned *acc) {
    int pos = blockIdx.x * 64 + threadIdx.x;
    acc[pos] += acc[pos + 2048]; //~ race write-write, race read-write
}

void merge_wide(unsigned *acc) {
    merge_bins_wide<<<32, BINS>>>(acc);
}

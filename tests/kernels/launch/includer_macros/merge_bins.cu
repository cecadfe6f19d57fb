// expect-verdict: race-free
// A kernel file included by main.cpp after bins.h, which defines the block
// size `BINS` of the launch below: the host code is read as main.cpp compiles
// it, so the launch runs 32 blocks of 64 threads and the hard-coded stride 64
// gives every thread its own element. (Without bins.h the block would be
// unknown, and thread 64 of block 0 would write the element of thread 0 of
// block 1.)

__global__ void merge_bins(unsigned *acc) {
    int pos = blockIdx.x * 64 + threadIdx.x;
    acc[pos] += acc[pos + 2048];
}

void merge(unsigned *acc) {
    merge_bins<<<32, BINS>>>(acc);
}

// expect-verdict: racy
// Read twice by program.cpp, under other macros each time: the second time
// the launch runs blocks of 128 threads, and thread 64 of block 0 writes the
// element of thread 0 of block 1. The first inclusion's macros are not the
// file's: it is checked on its own, with the launch size unknown.

__global__ void KNAME(unsigned *acc) {
    int pos = blockIdx.x * 64 + threadIdx.x;
    acc[pos] = threadIdx.x; //~ race write-write
}

void LNAME(unsigned *acc) {
    KNAME<<<32, BINS>>>(acc);
}

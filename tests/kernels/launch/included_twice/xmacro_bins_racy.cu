// expect-verdict(merge_narrow): race-free
// expect-verdict(merge_wide): racy
// Read twice by program.cpp, under other macros each time, and checked
// under each: the first time it defines merge_narrow, launched with blocks
// of 64 threads (each thread its own element); the second time merge_wide,
// with blocks of 128 threads, and thread 64 of block 0 writes the element
// of thread 0 of block 1.

__global__ void KNAME(unsigned *acc) {
    int pos = blockIdx.x * 64 + threadIdx.x;
    acc[pos] = threadIdx.x; //~ race write-write
}

void LNAME(unsigned *acc) {
    KNAME<<<32, BINS>>>(acc);
}

// expect-verdict: racy
// (Review finding.) Two programs include this file, after headers defining
// the launch's block size `BINS` as 64 and as 128: in the second program
// thread 64 of block 0 and thread 0 of block 1 write acc[64]. Neither
// includer's macros are the file's, so the launch size stays unknown.

__global__ void two_program_bins(unsigned *acc) {
    int pos = blockIdx.x * 64 + threadIdx.x;
    acc[pos] = threadIdx.x; //~ race write-write
}

void merge(unsigned *acc) {
    two_program_bins<<<32, BINS>>>(acc);
}

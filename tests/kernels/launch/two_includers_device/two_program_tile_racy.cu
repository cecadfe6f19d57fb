// expect-verdict: racy
// (Review finding.) Two programs include this file, after headers defining
// the kernel's tile `TILE` as 64 and as 32; every launch runs blocks of 64
// threads. In the second program thread 32 of block 0 and thread 0 of
// block 1 write acc[32]: the kernel is not checked under the first
// program's macros only.

__global__ void two_program_tile(unsigned *acc) {
    acc[blockIdx.x * TILE + threadIdx.x] = threadIdx.x; //~ race write-write
}

void fill(unsigned *acc) {
    two_program_tile<<<32, 64>>>(acc);
}

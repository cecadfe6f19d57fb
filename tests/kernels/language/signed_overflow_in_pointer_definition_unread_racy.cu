// expect-verdict: racy
// The pointer definition of signed_overflow_in_pointer_definition.cu
// overflows `int` for n > 715827882; that excludes such executions only for
// the accesses that read the pointer. The write to `flag`, which does not,
// races for those n (every thread writes its own id). The pointer's writes
// (n > 0 only: for n <= 0 every block's segment starts at glob[0]) stay
// apart.

__global__ void segments_flag(int n, int *glob, int *flag) {
    int *buf = &glob[blockIdx.x * ((3 * n + 2 + 31) / 32 * 32)];
    if (n > 715827882)
        flag[0] = threadIdx.x; //~ race
    else if (n > 0 && threadIdx.x < 3 * n + 2)
        buf[threadIdx.x] = 1;
}

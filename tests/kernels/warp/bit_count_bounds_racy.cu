// expect-verdict: racy
//--blockDim=256 --gridDim=8
// Twin of bit_count_bounds.cu with guards inside the ranges: a full warp
// vote gives 32, a word with no set bit gives __ffs 0 and __clz 32, so
// many threads write one slot.

__global__ void sanity_checks(const int *in, int *out, int *err) {
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned m = __ballot_sync(0xffffffffu, in[t] > 0);
    int r = __popc(m);
    if (r == 32)
        err[0] = t; //~ race write-write
    if (__ffs(m) == 0)
        err[1] = t; //~ race write-write
    if (__clz(m) == 32)
        err[2] = t; //~ race write-write
    out[t] = r;
}

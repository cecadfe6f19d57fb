// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// Counts and positions of bits of a 32-bit word lie in [0, 32] (64-bit:
// [0, 64]): `__popc` counts set bits, `__clz` leading zeros, `__ffs` is the
// position of the lowest set bit from 1, or 0 (CUDA Math API, integer
// intrinsics). Guards outside those ranges never hold, so the writes of
// many threads to one slot under them never run.

__global__ void sanity_checks(const int *in, int *out, int *err) {
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned m = __ballot_sync(0xffffffffu, in[t] > 0);
    int r = __popc(m);
    if (r > 32 || r < 0)
        err[0] = t;
    if (__ffs(m) > 32)
        err[1] = t;
    if (__clz(m) < 0)
        err[2] = t;
    unsigned long long w = (unsigned long long)m << 32 | m;
    if (__popcll(w) > 64 || __clzll(w) < 0 || __ffsll(w) > 64)
        err[3] = t;
    out[t] = r;
}

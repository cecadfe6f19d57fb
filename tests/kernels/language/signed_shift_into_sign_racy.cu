// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `t << 30` for a signed t is modular: t = 2 gives INT_MIN, t = 3 gives
// -2^30, so threads 2, 3, 6, 7, ... all write out[0]. (Reported by the
// session-6 soundness review.)

__global__ void shl_sign(int *out) {
    int t = threadIdx.x & 3;
    int h = t << 30;
    if (h < 0)
        out[0] = threadIdx.x; //~ race write-write
}

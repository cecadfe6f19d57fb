// expect-verdict: racy
//--blockDim=32 --gridDim=1
// A computed mask synchronizes an unknown subset of the warp: it is taken to
// order nothing, so the dependent read still races.

__global__ void masked_shift(int *out) {
    __shared__ int s[33];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid; //~ race write-read
    __syncwarp(__activemask());
    out[tid] = s[tid + 1];
}

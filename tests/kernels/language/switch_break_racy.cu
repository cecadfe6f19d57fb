// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A mid-case `break` skips only the rest of its case: when it is not taken,
// the threads of case 0 all write `tile[0]`.

__global__ void pick_first(float *out, const float *in, int mode) {
    __shared__ float tile[64];
    int t = threadIdx.x;
    float v = in[t];
    switch (t % 4) {
    case 0:
        if (mode > 2)
            break;
        tile[0] = v; //~ race write-write
        break;
    default:
        tile[t] = v;
    }
    __syncthreads();
    out[t] = tile[t];
}

// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// `break` in the middle of a switch case leaves the switch.

__global__ void pick(float *out, const float *in, int mode) {
    __shared__ float tile[64];
    int t = threadIdx.x;
    tile[t] = in[t];
    __syncthreads();
    float v = 0.0f;
    switch (t % 4) {
    case 0:
        v = tile[t];
        if (mode > 2)
            break;
        v += tile[(t + 1) % 64];
        break;
    case 1:
        for (int k = 0; k < 2; k++)
            v += tile[(t + k) % 64];
        break;
    default:
        v = -tile[t];
    }
    __syncthreads();
    tile[t] = v;
    out[t] = tile[t];
}

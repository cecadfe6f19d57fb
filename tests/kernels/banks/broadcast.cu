// expect-verdict: race-free
//--blockDim=128 --gridDim=32
// expect-padding(coef): remap / 32
// Lanes reading one word are served together: coef[0], coef[t / 32] and
// coef[t / 2] are conflict-free. coef[(t % 2) * 32] reads two words of bank 0:
// 2-way.

__global__ void broadcast(float *out, const float *in) {
    __shared__ float coef[64];
    unsigned t = threadIdx.x;
    if (t < 64)
        coef[t] = in[t];
    __syncthreads();
    float a = coef[0];
    float b = coef[t / 32];
    float c = coef[t / 2];
    float d = coef[(t % 2) * 32]; //~ bank-conflict 2
    out[blockIdx.x * 128 + t] = a + b + c + d;
}

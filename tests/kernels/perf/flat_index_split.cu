// expect-verdict: race-free
// known-gap: a flat id split by run-time sizes and recomposed; the query ends unknown at its work cap
// The write's offset recomposes the flat id from its digits (`w = idx % W`,
// `h = (idx / W) % H`, `c = (idx / (W * H)) % C`, `n = idx / (W * H * C)`,
// then `((n * C + c) * H + h) * W + w == idx`): the query mixes products of
// parameters with divisions by them (lrn-style normalisation over channels).
// Its racy twin, which drops `h`, is found racy.

__global__ void channel_norm(const float *in, float *out, int N, int C, int H, int W, int size) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= N * C * H * W)
        return;
    int w = idx % W;
    int h = (idx / W) % H;
    int c = (idx / (W * H)) % C;
    int n = idx / (W * H * C);
    float sum = 0;
    for (int k = c - size / 2; k <= c + size / 2; ++k) {
        if (k >= 0 && k < C) {
            float v = in[((n * C + k) * H + h) * W + w];
            sum += v * v;
        }
    }
    out[((n * C + c) * H + h) * W + w] = sum;
}

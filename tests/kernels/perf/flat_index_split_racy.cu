// expect-verdict: racy
// flat_index_split.cu with `h` dropped from the write's offset: the ids of
// one (n, c, w) and different rows h write the same element when H > 1.

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
    out[(n * C + c) * H * W + w] = sum; //~ race write-write
}

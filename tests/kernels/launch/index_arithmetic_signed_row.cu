// expect-verdict: race-free
// A 32-bit unsigned index that mixes signed terms into its unsigned
// arithmetic: `(n * C + blockIdx.z) * HxW + offset` with `int n, C, HxW`
// (the shape of HeCBench channelShuffle's NCHW kernel; `+ blockIdx.z` makes
// the sum `unsigned`). Row n of C channels owns slots [(n * C + z) * HxW,
// (n * C + z + 1) * HxW); blockIdx.z < C = G * K (the launch says gridDim.z =
// K * G, see host_guard_exact_quotient.cu) and offset < HxW keep the rows
// apart unless the index wraps modulo 2^32, when far rows meet. The
// index-arithmetic assumption: the exact (unwrapped) index is in [0, 2^32),
// nothing being assumed of the signs of its parts (the races that keeps:
// index_arithmetic_signed_row_racy.cu; the same kernels without the
// assumption: index_arithmetic_dropped/signed_row_wraps_racy.cu).

// The row in x.
__global__ void channel_rows(const float *x, float *y, int G, int K, int HxW) {
    const int C = G * K;
    const int n = blockIdx.x;
    const int offset = blockIdx.y * 256 + threadIdx.x;
    if (offset < HxW)
        y[(n * C + blockIdx.z) * HxW + offset] = x[offset] + blockIdx.z;
}

bool channels(const float *x, float *y, int N, int C, int G, int numel) {
    if (C % G != 0 || numel < N * C) return false;
    const int K = C / G;
    const int HxW = numel / (N * C);
    const dim3 grid(N, (HxW + 255) / 256, C);
    channel_rows<<<grid, 256>>>(x, y, G, K, HxW);
    return true;
}

// The row selected by a template argument (`kRowsInX ? blockIdx.x :
// blockIdx.y`, one of two index terms in every execution).
template <bool kRowsInX>
__global__ void channel_pick(float *y, int G, int K, int HxW) {
    const int C = G * K;
    const int n = kRowsInX ? blockIdx.x : blockIdx.y;
    const int s = kRowsInX ? blockIdx.y : blockIdx.x;
    const int offset = s * 256 + threadIdx.x;
    if (offset < HxW)
        y[(n * C + blockIdx.z) * HxW + offset] = (float)blockIdx.z;
}

bool channels_pick(float *y, int N, int C, int G, int numel) {
    if (C % G != 0 || numel < N * C) return false;
    const int K = C / G;
    const int HxW = numel / (N * C);
    const int S = (HxW + 255) / 256;
    if (N <= 65535) {
        const dim3 grid(S, N, C);
        channel_pick<false><<<grid, 256>>>(y, G, K, HxW);
    } else {
        const dim3 grid(N, S, C);
        channel_pick<true><<<grid, 256>>>(y, G, K, HxW);
    }
    return true;
}

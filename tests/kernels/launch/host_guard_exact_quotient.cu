// expect-verdict: race-free
// The host returns before the launch unless `G` divides `C` (`if (C % G !=
// 0) return false;`), passes `G` and `K = C / G`, and launches `C` blocks in
// z: since `C % G == 0`, `C == (C / G) * G` exactly, so the launch says
// `gridDim.z = K * G` and block z of row n owns slots `n * G * K + z`, apart
// from the next row's (the shape of HeCBench channelShuffle's NCHW kernel).
// A guard that only returns on some other condition, one inside a branch
// that the launch does not follow, or a C changed after the guard relate
// nothing: host_guard_exact_quotient_racy.cu.

__global__ void shuffle_rows(const float *x, float *y, int G, int K, int HxW) {
    const int C = G * K;
    const int n = blockIdx.y;
    const int g = blockIdx.z % G;
    const int k = blockIdx.z / G;
    const int offset = blockIdx.x * 256 + threadIdx.x;
    if (offset < HxW)
        y[(n * C + blockIdx.z) * HxW + offset] = x[(n * C + g * K + k) * HxW + offset];
}

__global__ void shuffle_flat(float *y, int G, int K) {
    // One block per channel and row: y[row * G * K + channel].
    y[blockIdx.x * (G * K) + blockIdx.y] = blockIdx.x;
}

bool shuffle(const float *x, float *y, int N, int C, int G, int HxW) {
    if (C % G != 0 || HxW < 1) return false;
    const int K = C / G;
    const dim3 grid((HxW + 255) / 256, N, C);
    shuffle_rows<<<grid, 256>>>(x, y, G, K, HxW);
    return true;
}

void flat(float *y, int rows, int C, int G) {
    if (C % G) {
        return;
    }
    shuffle_flat<<<dim3(rows, C), 1>>>(y, G, C / G);
}

// The NCHW kernel's two layouts, picked by a template argument (`kFirst ?
// blockIdx.x : blockIdx.y`, decided in each instantiation), with `C` blocks
// in z for `C` passed: `blockIdx.z < C` and `offset < HxW` make the row-major
// index one slot per thread.
template <bool kFirst>
__global__ void shuffle_pick(float *y, int C, int HxW) {
    const int n = kFirst ? blockIdx.x : blockIdx.y;
    const int s = kFirst ? blockIdx.y : blockIdx.x;
    const int offset = s * 256 + threadIdx.x;
    if (offset < HxW)
        y[(n * C + blockIdx.z) * HxW + offset] = 1.f + offset;
}

void pick(float *y, int N, int C, int HxW) {
    const int S = (HxW + 255) / 256;
    dim3 g(S, N, C);
    shuffle_pick<false><<<g, 256>>>(y, C, HxW);
}

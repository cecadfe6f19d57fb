// expect-verdict: race-free
// Index arithmetic does not wrap (the default index-arithmetic assumption)
// also through a selection and a signed row term:
// - `flag ? blockIdx.x : blockIdx.y` is one of two index terms in every
//   execution, so `row * C` and the products over it do not wrap;
// - `(n * C + blockIdx.z) * HxW` with `int n, C`: the sum is computed in
//   `unsigned` (blockIdx.z is unsigned) and multiplied by the converted
//   `int HxW`; like a signed factor alone, a sum of index terms with a signed
//   one, as a factor of unsigned index arithmetic, is not negative and does
//   not wrap.
// Rows are then disjoint: row r of C channels owns slots [(r * C + z) *
// width, (r * C + z + 1) * width). With wrapping products, far rows would
// meet (the twins without the assumption: index_arithmetic_dropped/
// selected_sum_wraps_racy.cu; races with no wrap:
// index_arithmetic_selection_racy.cu).

// The layout picked by a flag every launch passes: rows in x when there are
// more than gridDim.y allows.
__global__ void pick_rows(const float *x, float *y, unsigned C, unsigned width, bool rows_in_x) {
    const unsigned row = rows_in_x ? blockIdx.x : blockIdx.y;
    const unsigned chunk = rows_in_x ? blockIdx.y : blockIdx.x;
    const unsigned col = chunk * 128 + threadIdx.x;
    if (col < width)
        y[(row * C + blockIdx.z) * width + col] = x[col];
}

void pick(const float *x, float *y, unsigned rows, unsigned C, unsigned width) {
    const unsigned chunks = (width + 127) / 128;
    if (rows <= 65535)
        pick_rows<<<dim3(chunks, rows, C), 128>>>(x, y, C, width, false);
    else
        pick_rows<<<dim3(rows, chunks, C), 128>>>(x, y, C, width, true);
}

// `C = G * K` with the host's guard `C % G == 0` (the launch says gridDim.z
// = K * G, see host_guard_exact_quotient.cu); the row in x.
__global__ void channel_rows(const float *x, float *y, int G, int K, int HxW) {
    const int C = G * K;
    const int n = blockIdx.x;
    const int offset = blockIdx.y * 256 + threadIdx.x;
    if (offset < HxW)
        y[(n * C + blockIdx.z) * HxW + offset] = x[offset];
}

bool channels(const float *x, float *y, int N, int C, int G, int numel) {
    if (C % G != 0 || numel < N * C) return false;
    const int K = C / G;
    const int HxW = numel / (N * C);
    const dim3 grid(N, (HxW + 255) / 256, C);
    channel_rows<<<grid, 256>>>(x, y, G, K, HxW);
    return true;
}

// Both: the row selected by a template argument, as a signed term.
template <bool kRowsInX>
__global__ void channel_pick(float *y, int G, int K, int HxW) {
    const int C = G * K;
    const int n = kRowsInX ? blockIdx.x : blockIdx.y;
    const int s = kRowsInX ? blockIdx.y : blockIdx.x;
    const int offset = s * 256 + threadIdx.x;
    if (offset < HxW)
        y[(n * C + blockIdx.z) * HxW + offset] = 1.f + offset;
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

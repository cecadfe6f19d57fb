// expect-verdict: racy
// Races index_arithmetic_signed_row.cu's assumption (the exact, unwrapped
// index of unsigned arithmetic mixing signed terms is in [0, 2^32)) keeps:
// none needs a wrap of the exact index, whatever the signs of its parts.

// One block too many in z: block z = C of row 0 and block z = 0 of row 1
// own the same slots, whatever the sums' signs.
__global__ void channel_extra(const float *x, float *y, int G, int K, int HxW) {
    const int C = G * K;
    const int n = blockIdx.x;
    const int offset = blockIdx.y * 256 + threadIdx.x;
    if (offset < HxW)
        y[(n * C + blockIdx.z) * HxW + offset] = x[offset]; //~ race write-write
}

bool channels(const float *x, float *y, int N, int C, int G, int numel) {
    if (C % G != 0 || numel < N * C) return false;
    const int K = C / G;
    const int HxW = numel / (N * C);
    const dim3 grid(N, (HxW + 255) / 256, C + 1);
    channel_extra<<<grid, 256>>>(x, y, G, K, HxW);
    return true;
}

// A negative `C` is the program's: the signed term may be negative as long
// as the sum is not (row 1 with z = 1 and row 0 with z = 0 both give slot
// 0 for C = -1), and nothing relates C to the launch here.
__global__ void negative_stride(float *y, int C, int width) {
    if (C >= 0)
        return;
    const int n = blockIdx.y;
    const int col = blockIdx.x * 128 + threadIdx.x;
    if (col < width)
        y[(n * C + blockIdx.z) * width + col] = (float)blockIdx.z; //~ race write-write
}

void negative(float *y, int rows, int C, int width) {
    negative_stride<<<dim3((width + 127) / 128, rows, 4), 128>>>(y, C, width);
}

// A factor that is negative while the final index is in range: block 0
// thread 64 computes (-1 + 0) * 64u + 64 = 0 (0xffffffff * 64 + 64 wraps to
// 0, the exact -64 + 64), block 1 thread 0 computes (-1 + 1) * 64 + 0 = 0.
// "A signed term in a factor of unsigned index arithmetic is not negative"
// would drop it; the exact index, 0, is in range. (With the signed sum
// computed in `int` first, `(n + off) * 64u`, the signed value is itself the
// factor: the documented rule, README known gaps.)
__global__ void negative_factor(int *a, int shift) {
    a[(shift + blockIdx.x) * 64u + threadIdx.x] = blockIdx.x; //~ race write-write
}

void negative_shift(int *a) {
    negative_factor<<<2, 128>>>(a, -1);
}


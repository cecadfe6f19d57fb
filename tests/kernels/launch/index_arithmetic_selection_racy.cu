// expect-verdict: racy
// Races index_arithmetic_selection.cu's assumption must not hide.

// Off by one: column `width` of row r is column 0 of the next slot; no wrap.
__global__ void pick_overlap(const float *x, float *y, unsigned C, unsigned width, bool rows_in_x) {
    const unsigned row = rows_in_x ? blockIdx.x : blockIdx.y;
    const unsigned chunk = rows_in_x ? blockIdx.y : blockIdx.x;
    const unsigned col = chunk * 128 + threadIdx.x;
    if (col <= width)
        y[(row * C + blockIdx.z) * width + col] = x[col]; //~ race write-write
}

void pick(const float *x, float *y, unsigned rows, unsigned C, unsigned width) {
    const unsigned chunks = (width + 127) / 128 + 1;
    if (rows <= 65535)
        pick_overlap<<<dim3(chunks, rows, C), 128>>>(x, y, C, width, false);
    else
        pick_overlap<<<dim3(rows, chunks, C), 128>>>(x, y, C, width, true);
}

// A selection with an arm that is not an index term (a hash multiplier,
// whose product wraps by design) is not one either: with `hashed`, blocks 0
// and 2 both write y[threadIdx.x] (2 * 2^31 wraps to 0).
__global__ void pick_hashed(float *y, bool hashed) {
    const unsigned slot = hashed ? blockIdx.x * 2147483648u : blockIdx.x * blockDim.x;
    y[slot + threadIdx.x] = (float)blockIdx.x; //~ race write-write
}

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

// expect-verdict: racy
// Near misses of grid_stride_digits.cu: each layout or digit split leaves
// two counters with the same element. (Constant sizes: the digits theorem
// reads them as products like the symbolic ones, and the solver finds the
// witness fast.)

#include <ATen/ATen.h>

#define ROWS 3
#define COLS 4

// The batch digit dropped from the layout: counters v and v + COLS * ROWS
// write the same element.
__global__ void batch_dropped(int64_t total,
                              at::PackedTensorAccessor64<float, 2, at::RestrictPtrTraits> out) {
  for (int64_t v = blockIdx.x * blockDim.x + threadIdx.x; v < total; v += blockDim.x * gridDim.x) {
    int64_t j = v % COLS;
    int64_t i = (v / COLS) % ROWS;
    out[i][j] = (float)v; //~ race write-write
  }
}

// The batch divisor twice too large: v and v + COLS * ROWS share (b, i, j).
__global__ void batch_divisor_off(int64_t total,
                                  at::PackedTensorAccessor64<float, 3, at::RestrictPtrTraits> out) {
  for (int64_t v = blockIdx.x * blockDim.x + threadIdx.x; v < total; v += blockDim.x * gridDim.x) {
    int64_t j = v % COLS;
    int64_t i = (v / COLS) % ROWS;
    int64_t b = v / (2 * COLS * ROWS);
    out[b][i][j] = (float)v; //~ race write-write
  }
}

// One digit in two places: (b, i, i) leaves j out.
__global__ void digit_repeated(int64_t total,
                               at::PackedTensorAccessor64<float, 3, at::RestrictPtrTraits> out) {
  for (int64_t v = blockIdx.x * blockDim.x + threadIdx.x; v < total; v += blockDim.x * gridDim.x) {
    int64_t i = (v / COLS) % ROWS;
    int64_t b = v / (COLS * ROWS);
    out[b][i][i] = (float)v; //~ race write-write
  }
}

// The low digit's bound missing: x = v % (W + 1) reaches W, where the
// next z's row starts (v = W and v = W + 1 meet at element W).
#define W 4

__global__ void bound_missing(float *out, int n) {
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += blockDim.x * gridDim.x) {
    int x = v % (W + 1);
    int z = v / (W + 1);
    out[z * W + x] = (float)v; //~ race write-write
  }
}

// The bound stated is not the row's length: 0 <= x < W + 1 with rows of W.
__global__ void bound_too_large(float *out, int n) {
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += blockDim.x * gridDim.x) {
    int x = v % (W + 1);
    int z = v / (W + 1);
    __builtin_assume(x >= 0 && x < W + 1);
    out[z * W + x] = (float)v; //~ race write-write
  }
}

// A block-stride counter in a grid of several blocks: threads of two
// blocks share every counter value (and store different values).
__global__ void block_stride(int64_t total,
                             at::PackedTensorAccessor64<float, 3, at::RestrictPtrTraits> out) {
  for (int64_t v = threadIdx.x; v < total; v += blockDim.x) {
    int64_t j = v % COLS;
    int64_t i = (v / COLS) % ROWS;
    int64_t b = v / (COLS * ROWS);
    out[b][i][j] = (float)blockIdx.x; //~ race write-write
  }
}

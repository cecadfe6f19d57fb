// expect-verdict: racy
// Grid-stride loops over a `size_t` counter whose bodies compute the index in
// `size_t` arithmetic that wraps modulo 2^64 for some sizes. The counter
// itself never wraps (counter-fits) and keeps its residue modulo the stride,
// but a loop counter is not an index term of the index-arithmetic assumption,
// so products and sums of it keep C's modular arithmetic (README
// "index-arithmetic-fits"), and so do sizes that are zero or a difference
// that wraps. Each race below is one of a defined C execution at the racing
// accesses:
// - `padded_rows`: with n = 2^63 + 2, thread 1 at i = 2^63 + 1 (= 1 + k *
//   stride for some k) has i / 3 * 6 = 2^64 + 2, which wraps to 2: the slot of
//   thread 2 at i = 2;
// - `shifted_half`: i + n wraps for n near 2^64 and meets out[i'] of another
//   thread;
// - `zero_width`: every element maps to slot 0 when w == 0;
// - `wrapped_bound`: n - m is near 2^64 (n that large, or n < m, whose
//   difference wraps), the loop runs past 2^63 and 2 * i wraps (i and
//   i + 2^63 meet).

#include <cstddef>

__global__ void padded_rows(float *out, const size_t n) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        size_t j = i % 3 + i / 3 * 6;
        out[j] = (float)threadIdx.x; //~ race write-write
    }
}

__global__ void shifted_half(float *out, const size_t n) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        out[i] = 1.0f; //~ race write-write
        out[i + n] = 2.0f; //~ race write-write
    }
}

__global__ void zero_width(float *out, const float *in, const size_t n, const size_t w) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i * w] = in[i]; //~ race write-write
}

__global__ void wrapped_bound(float *out, const size_t n, const size_t m) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n - m; i += blockDim.x * gridDim.x)
        out[2 * i] = (float)threadIdx.x; //~ race write-write
}

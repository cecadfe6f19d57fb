// expect-verdict: race-free
// Grid-stride loops over a `size_t` counter, the 64-bit idiom for arrays past
// 2^32 elements: the counter starts from the global index widened before its
// product (`(size_t)blockIdx.x * blockDim.x + threadIdx.x`, or converted after
// it) and steps by the grid's thread count, computed in 32-bit `unsigned`
// (`blockDim.x * gridDim.x`, below 2^31 under index-fits, so its conversion
// to the counter's type keeps it), in 64 bits, or through a local. Each thread
// keeps its residue modulo the stride, so every element has one owner (the
// racy twin, whose index arithmetic of the counter wraps:
// grid_stride_size_t_wraps_racy.cu).

#include <cstddef>

__global__ void wide_counter_narrow_stride(float *out, const float *in, const size_t n) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = 2.0f * in[i];
}

__global__ void wide_counter_wide_stride(float *out, const size_t n) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x)
        out[i] = 1.0f;
}

__global__ void wide_counter_local_stride(float *out, const float *in, const size_t n) {
    const size_t stride = blockDim.x * gridDim.x;
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] += in[i];
}

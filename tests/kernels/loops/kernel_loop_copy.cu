// expect-verdict: race-free
// PyTorch's CUDA_KERNEL_LOOP: a 64-bit grid-stride counter and an `int` copy
// of it that the step refreshes after each update (`idx += S, i = idx`).
// The body indexes by the copy, which equals the counter there (the counter
// stays below n, an int), so two threads never store the same element.
#include <cstdint>

#define KERNEL_LOOP_TYPE(i, n, index_type)                          \
    int64_t _loop_idx = blockIdx.x * blockDim.x + threadIdx.x;      \
    for (index_type i = _loop_idx; _loop_idx < (n);                 \
         _loop_idx += blockDim.x * gridDim.x, i = _loop_idx)
#define KERNEL_LOOP(i, n) KERNEL_LOOP_TYPE(i, n, int)

__global__ void scale(const int n, const float *in, float *out, float a) {
    KERNEL_LOOP(index, n) {
        out[index] = a * in[index];
    }
}

// A 64-bit copy, and a `continue` (the step still refreshes the copy).
__global__ void clamp_neg(const int64_t n, float *data) {
    KERNEL_LOOP_TYPE(j, n, int64_t) {
        float v = data[j];
        if (v >= 0.0f)
            continue;
        data[j] = 0.0f;
    }
}

int main() {
    float *in = 0, *out = 0;
    scale<<<1024, 256>>>(1000000, in, out, 2.0f);
    clamp_neg<<<512, 128>>>(1 << 20, out);
    return 0;
}

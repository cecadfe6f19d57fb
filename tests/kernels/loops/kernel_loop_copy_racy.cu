// expect-verdict: racy
// Copies of a grid-stride counter that do not identify the thread: an
// `unsigned char` copy wraps (threads 0 and 256 store the same element), and
// a copy the body changes (`i /= 2`) is no copy at the access, nor is one
// reassigned between the copy and the loop (`i = 0`, `i++`): it enters the
// loop with the newer value.
#include <cstdint>

#define KERNEL_LOOP_TYPE(i, n, index_type)                          \
    int64_t _loop_idx = blockIdx.x * blockDim.x + threadIdx.x;      \
    for (index_type i = _loop_idx; _loop_idx < (n);                 \
         _loop_idx += blockDim.x * gridDim.x, i = _loop_idx)

__global__ void narrow_copy(const int n, float *out) {
    KERNEL_LOOP_TYPE(i, n, unsigned char) {
        out[i] = (float)_loop_idx; //~ race write-write
    }
}

__global__ void halved_copy(const int n, float *out) {
    KERNEL_LOOP_TYPE(i, n, int) {
        i /= 2;
        out[i] = (float)_loop_idx; //~ race write-write
    }
}

__global__ void copy_then_reset(const int n, float *out) {
    int64_t idx = blockIdx.x * blockDim.x + threadIdx.x;
    int i = idx;
    i = 0;
    for (; idx < n; idx += blockDim.x * gridDim.x, i = idx)
        out[i] = (float)idx; //~ race write-write
}

__global__ void copy_then_bumped(const int n, float *out) {
    int64_t idx = blockIdx.x * blockDim.x + threadIdx.x;
    int i = idx;
    i++;
    for (; idx < n; idx += blockDim.x * gridDim.x, i = idx)
        out[i] = (float)idx; //~ race write-write
}

int main() {
    float *out = 0;
    narrow_copy<<<4, 256>>>(1024, out);
    halved_copy<<<4, 256>>>(1024, out);
    copy_then_reset<<<4, 256>>>(100000, out);
    copy_then_bumped<<<4, 256>>>(100000, out);
    return 0;
}

#include <cuda_runtime.h>
#include <utility>
#include <cstring>
#include <tuple>
// Kernel: racy iff in and out are one buffer.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}
__device__ float g_buf[1 << 20];
int main() {
    const int n = 1 << 20;
    float *a, *b;
    cudaGetSymbolAddress((void **)&a, g_buf);
    cudaGetSymbolAddress((void **)&b, g_buf);
    shift<<<n / 256, 256>>>(a, b, n);
    return 0;
}

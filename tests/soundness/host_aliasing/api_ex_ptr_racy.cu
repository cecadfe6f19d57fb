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
int main() {
    int n = 1 << 20;
    float *a;
    cudaMalloc(&a, n * sizeof(float));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(n / 256);
    cfg.blockDim = dim3(256);
    auto k = shift;
    cudaLaunchKernelEx(&cfg, k, a, a, n);
    return 0;
}

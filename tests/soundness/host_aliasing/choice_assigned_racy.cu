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
__global__ void other(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}
int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *a;
    cudaMalloc(&a, n * sizeof(float));
    void (*k)(const float *, float *, int) = other;
    if (argc > 2) k = shift;
    k<<<n / 256, 256>>>(a, a, n);
    return 0;
}

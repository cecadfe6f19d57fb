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
float *g_a, *g_b;
void setup(int n) {
    cudaMalloc(&g_a, n * sizeof(float));
    g_b = g_a;
}
int main() {
    const int n = 1 << 20;
    setup(n);
    shift<<<n / 256, 256>>>(g_a, g_b, n);
    return 0;
}

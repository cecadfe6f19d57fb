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
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    float **pb = &b;
    *pb = a;
    for (int it = 0; it < 10; ++it) {
        shift<<<n / 256, 256>>>(a, b, n);
        float *t = a; a = b; b = t;
    }
    return 0;
}

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
#include <algorithm>
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    float *t[2];
    std::fill(t, t + 2, d);
    int i = 0;
    shift<<<n / 256, 256>>>(t[i], t[i ^ 1], n);
    return 0;
}

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
    float *t[2];
    for (int k = 0; k < 2; ++k) cudaMalloc(&t[k], n * sizeof(float));
    int cur = 0;
    for (int it = 0; it < 10; ++it) {
        float *p = t[cur];
        cur ^= 1;
        float *q = t[cur ^ 1];
        shift<<<n / 256, 256>>>(p, q, n);
    }
    return 0;
}

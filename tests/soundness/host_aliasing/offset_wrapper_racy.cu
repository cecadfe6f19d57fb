#include <cuda_runtime.h>
#include <utility>
#include <cstring>
#include <tuple>
// Kernel: racy iff in and out are one buffer at offsets apart by other than
// 1 (`out = in + 1` makes each thread read and write one element only).
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}
float *view(float *base, int k) { return base + k; }
int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *a;
    cudaMalloc(&a, 2 * n * sizeof(float));
    shift<<<n / 256, 256>>>(a, view(a, 2), n);
    return 0;
}

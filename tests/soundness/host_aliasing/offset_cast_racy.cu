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
int main(int argc, char **argv) {
    const int n = 1 << 20;
    char *raw;
    cudaMalloc(&raw, 2 * n * sizeof(float));
    float *lo = (float *)raw;
    float *hi = (float *)(raw + 4);
    shift<<<n / 256, 256>>>(hi, lo, n);
    return 0;
}

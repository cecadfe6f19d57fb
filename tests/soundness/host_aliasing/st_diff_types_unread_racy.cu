#include <cuda_runtime.h>
__global__ void punned(const unsigned *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = __uint_as_float(in[i + 1]);
}
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    void (*k)(const unsigned *, float *, int) = punned;
    k<<<n / 256, 256>>>((const unsigned *)d, d, n);
    return 0;
}

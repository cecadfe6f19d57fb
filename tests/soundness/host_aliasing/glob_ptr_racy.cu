#include <cuda_runtime.h>
__device__ const float *g_in;
__global__ void shiftg(float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = g_in[i + 1];
}
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpyToSymbol(g_in, &d, sizeof(d));
    shiftg<<<n / 256, 256>>>(d, n);
    return 0;
}

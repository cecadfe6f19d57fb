#include <cuda_runtime.h>
__global__ void shiftpp(float **t, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) t[1][i] = t[0][i + 1];
}
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    float *h[2] = {d, d};
    float **dt;
    cudaMalloc(&dt, 2 * sizeof(float *));
    cudaMemcpy(dt, h, sizeof h, cudaMemcpyHostToDevice);
    shiftpp<<<n / 256, 256>>>(dt, n);
    return 0;
}

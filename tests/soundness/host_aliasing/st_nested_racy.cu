#include <cuda_runtime.h>
struct In { const float *p; };
struct Out { float *p; };
__global__ void shiftn(In in, Out out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out.p[i] = in.p[i + 1];
}
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    In in{d}; Out out{d};
    shiftn<<<n / 256, 256>>>(in, out, n);
    return 0;
}

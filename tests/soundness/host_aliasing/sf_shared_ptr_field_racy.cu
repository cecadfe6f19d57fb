#include <cuda_runtime.h>
// Kernel: racy iff p.in and out are one buffer.
struct Args { const float *in; int n; };
__global__ void sshift2(Args p, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) out[i] = p.in[i + 1];
}
int main() { const int n = 1 << 20; float *d; cudaMalloc(&d, n * sizeof(float)); Args a{d, n}; sshift2<<<n / 256, 256>>>(a, d); return 0; }

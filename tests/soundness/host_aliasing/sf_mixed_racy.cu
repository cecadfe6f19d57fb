#include <cuda_runtime.h>
// racy iff a.out and b.out (or a.out and d) are one buffer.
struct Args { const float *in; float *out; int n; };
__global__ void two(Args a, Args b) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a.n - 1) {
        a.out[i] = b.out[i + 1];
    }
}
__global__ void mixed(Args a, const float *d) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a.n - 1) {
        a.out[i] = d[i + 1];
    }
}
int main() { const int n = 1 << 20; float *d, *e; cudaMalloc(&d, n * sizeof(float)); cudaMalloc(&e, n * sizeof(float)); Args a{e, d, n}; mixed<<<n / 256, 256>>>(a, d); return 0; }

#include <cuda_runtime.h>
#include <cstring>
#include <utility>
// Kernel: racy iff p.in and p.out are one buffer.
struct Args { const float *in; float *out; int n; };
__global__ void sshift(Args p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) {
        p.out[i] = p.in[i + 1];
    }
}
struct Raw { float *x; float *y; int n; };
int main() { const int n = 1 << 20; float *d, *e; cudaMalloc(&d, n * sizeof(float)); cudaMalloc(&e, n * sizeof(float)); Args a{d, e, n}; Raw r{d, d, n}; memcpy(&a, &r, sizeof a); sshift<<<n / 256, 256>>>(a); return 0; }

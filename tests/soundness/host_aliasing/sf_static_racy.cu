#include <cuda_runtime.h>
// Kernel: racy iff p.in and p.out are one buffer.
struct Args { const float *in; float *out; int n; };
__global__ void sshift(Args p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) p.out[i] = p.in[i + 1];
}
void go(float *d, float *e, int n, bool first) {
  static Args a{d, e, n};
  if (!first) a.out = (float *)a.in;
  sshift<<<n / 256, 256>>>(a);
}
int main() { const int n = 1 << 20; float *d, *e; cudaMalloc(&d, n * sizeof(float)); cudaMalloc(&e, n * sizeof(float)); go(d, e, n, true); go(d, e, n, false); return 0; }

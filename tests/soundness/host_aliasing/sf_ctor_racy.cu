#include <cuda_runtime.h>
struct Args {
  const float *in; float *out; int n;
  Args(const float *i, float *o, int m) : in(i), out(o), n(m) {}
};
__global__ void sshift(Args p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) p.out[i] = p.in[i + 1];
}
int main() { const int n = 1 << 20; float *d; cudaMalloc(&d, n * sizeof(float)); Args a(d, d, n); sshift<<<n / 256, 256>>>(a); return 0; }

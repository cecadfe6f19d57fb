#include <cuda_runtime.h>
#include <utility>
// Kernel: racy iff p.in and p.out are one buffer.
struct Args { const float *in; float *out; int n; };
__global__ void sshift(Args p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n - 1) p.out[i] = p.in[i + 1];
}
int main() {
  const int n = 1 << 20; float *d, *e; cudaMalloc(&d, n * sizeof(float)); cudaMalloc(&e, n * sizeof(float));
  float *cur = d, *nxt = e;
  for (int t = 0; t < 4; t++) {
    Args a{cur, nxt, n};
    sshift<<<n / 256, 256>>>(a);
    if (t == 2) nxt = cur;
    std::swap(cur, nxt);
  }
  return 0;
}

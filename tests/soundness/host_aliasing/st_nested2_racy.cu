#include <cuda_runtime.h>
struct Buf { float *p; };
struct Args { Buf in; Buf out; int n; };
__global__ void shiftn(Args a) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a.n - 1) a.out.p[i] = a.in.p[i + 1];
}
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    Args a;
    a.in.p = d; a.out.p = d; a.n = n;
    shiftn<<<n / 256, 256>>>(a);
    return 0;
}

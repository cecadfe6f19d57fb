#include <cuda_runtime.h>
struct Args { const float *in; float *out; };
__global__ void shiftp(const Args *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) a->out[i] = a->in[i + 1];
}
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    Args h{d, d};
    Args *da;
    cudaMalloc(&da, sizeof(Args));
    cudaMemcpy(da, &h, sizeof(Args), cudaMemcpyHostToDevice);
    shiftp<<<n / 256, 256>>>(da, n);
    return 0;
}

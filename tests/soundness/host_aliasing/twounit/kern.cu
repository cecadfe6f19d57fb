#include <cuda_runtime.h>
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}
void run(float *x, float *y, int n) { shift<<<n / 256, 256>>>(x, y, n); }

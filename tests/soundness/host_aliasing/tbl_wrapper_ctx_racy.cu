#include <cuda_runtime.h>
#include <utility>
#include <cstring>
#include <tuple>
// Kernel: racy iff in and out are one buffer.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}
void run(float **t, int i, int n) {
    shift<<<n / 256, 256>>>(t[i], t[i + 1], n);
}
int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *t[3];
    for (int k = 0; k < 3; ++k) cudaMalloc(&t[k], n * sizeof(float));
    float *u[4] = {t[0], t[1], t[1], t[2]};
    run(u, 1, n);
    return 0;
}

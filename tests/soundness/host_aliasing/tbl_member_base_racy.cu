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
struct St { int i; };
int main(int argc, char **argv) {
    const int n = 1 << 20;
    float *t[3];
    for (int k = 0; k < 3; ++k) cudaMalloc(&t[k], n * sizeof(float));
    St s{0};
    float *p = t[s.i + 1];
    s.i++;
    float *q = t[s.i];
    shift<<<n / 256, 256>>>(p, q, n);
    return 0;
}

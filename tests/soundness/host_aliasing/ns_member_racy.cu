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
struct Bufs { float *a; float *b; };
int main() {
    const int n = 1 << 20;
    Bufs s;
    cudaMalloc(&s.a, n * sizeof(float));
    cudaMalloc(&s.b, n * sizeof(float));
    s.b = s.a;
    shift<<<n / 256, 256>>>(s.a, s.b, n);
    return 0;
}

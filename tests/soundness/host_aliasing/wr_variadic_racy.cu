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
template <typename... A>
void run(A... a) { shift<<<(1 << 20) / 256, 256>>>(a...); }
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    run(d, d, n);
    return 0;
}

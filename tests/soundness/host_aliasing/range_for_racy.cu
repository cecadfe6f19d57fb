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
#include <vector>
int main() {
    const int n = 1 << 20;
    std::vector<float *> bufs(2);
    for (auto &p : bufs) cudaMalloc(&p, n * sizeof(float));
    for (float *p : bufs) shift<<<n / 256, 256>>>(p, bufs[0], n);
    return 0;
}

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
class Solver {
    float *cur_;
    float *next_;
    int n_;
public:
    Solver(float *a, float *b, int n) : cur_(a), next_(b), n_(n) {}
    void step() { shift<<<n_ / 256, 256>>>(cur_, next_, n_); }
};
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    Solver s(d, d, n);
    s.step();
    return 0;
}

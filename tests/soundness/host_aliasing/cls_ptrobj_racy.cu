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
public:
    float *cur_;
    float *next_;
    int n_;
    Solver(int n) : n_(n) {
        cudaMalloc(&cur_, n * sizeof(float));
        cudaMalloc(&next_, n * sizeof(float));
    }
    void step() { shift<<<n_ / 256, 256>>>(cur_, next_, n_); }
};
int main() {
    Solver *s = new Solver(1 << 20);
    s->next_ = s->cur_;
    s->step();
    return 0;
}

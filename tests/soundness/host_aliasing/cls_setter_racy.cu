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
    Solver(int n) : n_(n) { cudaMalloc(&cur_, n * sizeof(float)); next_ = nullptr; }
    void set_out(float *p) { next_ = p; }
    float *in() { return cur_; }
    void step() { shift<<<n_ / 256, 256>>>(cur_, next_, n_); }
};
int main() {
    Solver s(1 << 20);
    s.set_out(s.in());
    s.step();
    return 0;
}

// expect-verdict(shift): racy
// std::swap makes `a` hold `y` on the second trip: shift(y, y).
#include <utility>
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    float *x;
    float *y;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    float *a = x;
    float *b = y;
    for (int it = 0; it < 4; it++) {
        shift<<<n / 256, 256>>>(a, y, n);
        std::swap(a, b);
    }
    return 0;
}

// expect-verdict(shift): racy
// A wrapper in a namespace called by its qualified name, `ops::run(d, d,
// n)`: a call of it, which passes one buffer twice (before session 56 a
// qualified call made the wrapper's calls unread and its parameters two
// allocations).
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

namespace ops {
void run(const float *in, float *out, int n) { shift<<<n / 256, 256>>>(in, out, n); }
}

int main() {
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    ops::run(a, b, n);
    ops::run(b, b, n);
    return 0;
}

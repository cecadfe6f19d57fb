// expect-verdict(shift): racy
// `alias` sets the caller's `y` through a reference parameter: shift(x, x) in place.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

static void alias(float *&p, float *q) { p = q; }

int main() {
    const int n = 1 << 20;
    float *x, *y;
    cudaMalloc(&x, n * sizeof(float));
    alias(y, x);
    shift<<<n / 256, 256>>>(x, y, n);
    return 0;
}

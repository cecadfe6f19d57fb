// expect-verdict(shift): racy
// `a = x` inside the loop after a swap gave `b` the old `x`: shift(x, x) on the second trip.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    float *a;
    float *b;
    float *x;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&x, n * sizeof(float));
    for (int it = 0; it < 4; it++) {
        a = x;
        shift<<<n / 256, 256>>>(a, b, n);
        float *t = a;
        a = b;
        b = t;
    }
    return 0;
}

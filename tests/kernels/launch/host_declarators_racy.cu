// expect-verdict(shift): racy
// `y` is declared by the same declaration as `x` and assigned `x`: shift(x, x) in place.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    float *x, *y;
    cudaMalloc(&x, n * sizeof(float));
    y = x;
    shift<<<n / 256, 256>>>(x, y, n);
    return 0;
}

// expect-verdict(shift): racy
// The for-loop variable starts as `x`: shift(x, x) in place.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

int main() {
    const int n = 1 << 20;
    float *x;
    cudaMalloc(&x, n * sizeof(float));
    for (float *p = x; p != nullptr; p = nullptr) {
        shift<<<n / 256, 256>>>(p, x, n);
    }
    return 0;
}

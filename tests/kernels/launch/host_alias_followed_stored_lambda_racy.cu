// expect-verdict(shift): racy
// A host lambda stored in a variable launches; a call passes one buffer twice.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}
int main() {
    const int n = 1 << 20;
    float *a;
    cudaMalloc(&a, n * sizeof(float));
    auto launch = [&](const float *s, float *d) { shift<<<n / 256, 256>>>(s, d, n); };
    launch(a, a);
    return 0;
}

// expect-verdict: racy
// The driver's own parameters are followed as values: its caller passes one
// buffer for both.
__global__ void fv_nudge4(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

double fv_run4(float *in, float *out, int n) {
    fv_nudge4<<<n / 256, 256>>>(in, out, n);
    return 0.0;
}

void fv_drive4(float *src, float *dst, int n, double (*f)(float *, float *, int)) {
    (*f)(src, dst, n);
}

int main() {
    const int n = 1 << 20;
    float *a;
    float *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    fv_drive4(a, b, n, fv_run4);
    fv_drive4(b, b, n, fv_run4);
    return 0;
}

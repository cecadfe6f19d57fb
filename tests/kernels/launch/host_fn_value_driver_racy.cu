// expect-verdict: racy
// The driver passes one buffer twice to the function value it calls.
__global__ void fv_nudge2(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

double fv_run2(float *in, float *out, int n) {
    fv_nudge2<<<n / 256, 256>>>(in, out, n);
    return 0.0;
}

void fv_drive2(float *src, float *dst, int n, double (*f)(float *, float *, int)) {
    (*f)(src, dst, n);
    f(dst, dst, n);
}

int main() {
    const int n = 1 << 20;
    float *a;
    float *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    fv_drive2(a, b, n, fv_run2);
    return 0;
}

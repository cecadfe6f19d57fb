// expect-verdict: racy
// The driver copies the function value into another variable and calls the
// copy: not every use is a call, so the wrapper's parameters may be anything.
__global__ void fv_nudge3(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1]; //~ race read-write
    }
}

double fv_run3(float *in, float *out, int n) {
    fv_nudge3<<<n / 256, 256>>>(in, out, n);
    return 0.0;
}

typedef double (*Fn3)(float *, float *, int);

void fv_drive3(float *src, float *dst, int n, Fn3 f) {
    Fn3 table[2] = {f, f};
    (*f)(src, dst, n);
    table[1](dst, dst, n);
}

int main() {
    const int n = 1 << 20;
    float *a;
    float *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    fv_drive3(a, b, n, fv_run3);
    return 0;
}

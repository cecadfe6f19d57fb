// expect-verdict: race-free
// A wrapper passed as a function value to a driver that calls it through its
// parameter: the wrapper's pointer parameters hold what the driver passes,
// two buffers the driver's caller allocated apart (see README, "distinct
// pointer parameters").
__global__ void fv_nudge(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}

template <typename T>
double fv_run(T *in, T *out, int n) {
    fv_nudge<<<n / 256, 256>>>(in, out, n);
    return 0.0;
}

template <typename T>
void fv_drive(T *src, T *dst, int n, double (*f)(T *, T *, int)) {
    double t = 0;
    for (int r = 0; r < 3; r++) {
        t += (*f)(src, dst, n);
    }
    f(src, dst, n);
}

int main() {
    const int n = 1 << 20;
    float *a;
    float *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    fv_drive<float>(a, b, n, fv_run<float>);
    return 0;
}

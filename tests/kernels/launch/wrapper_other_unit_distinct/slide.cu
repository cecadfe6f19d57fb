// expect-verdict: race-free
// The wrapper's calls here and in caller.cpp (another program of the
// folder) all pass two allocations: the launch's parameters stay apart.
__global__ void slide_apart(const float *src, float *dst, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        dst[i] = src[i + 1];
    }
}

void run_slide_apart(float *x, float *y, int n) { slide_apart<<<(n + 255) / 256, 256>>>(x, y, n); }

int main() {
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    run_slide_apart(a, b, n);
    return 0;
}

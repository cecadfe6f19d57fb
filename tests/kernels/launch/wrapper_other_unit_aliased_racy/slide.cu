// expect-verdict: racy
// The wrapper's calls here pass two allocations, but caller.cpp (another
// program of the folder) calls it with one buffer twice: the launch's
// parameters may be one array (reading the next element another thread
// writes).
__global__ void slide_elsewhere(const float *src, float *dst, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        dst[i] = src[i + 1]; //~ race write-read
    }
}

void run_slide(float *x, float *y, int n) { slide_elsewhere<<<(n + 255) / 256, 256>>>(x, y, n); }

int main() {
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    run_slide(a, b, n);
    return 0;
}

#include <cuda_runtime.h>
void run(float *x, float *y, int n);
int main() {
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    run(d, d, n);
    return 0;
}

// The program that compiles nudge_kernels.cu: two allocations.
#include "nudge_kernels.cu"

int main() {
    float *a, *b;
    cudaMalloc(&a, 256 * sizeof(float));
    cudaMalloc(&b, 256 * sizeof(float));
    run_nudge_def(a, b);
    return 0;
}

// The program that compiles nudge_kernels_unread_racy.cu: two allocations.
#include "nudge_kernels_unread_racy.cu"

int main() {
    float *a, *b;
    cudaMalloc(&a, 256 * sizeof(float));
    cudaMalloc(&b, 256 * sizeof(float));
    run_nudge_unread(a, b);
    return 0;
}

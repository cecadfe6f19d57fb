// A program including spelled_scale.cu with 512 threads.
#define WG 512
#include /* the kernels */ "spelled_scale.cu"

int main() {
    float *d;
    cudaMalloc(&d, 512 * sizeof(float));
    run_spelled(d);
    return 0;
}

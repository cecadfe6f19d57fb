// A program in a cousin folder of the kernels' parent: includes them
// through ../src/kern/ with its own sizes.
#define WG_FAR 128
#define WG_FARR 256
#include "../src/kern/far_scale.cu"
#include "../src/kern/far_scale_racy.cu"
int main() {
    float *d;
    cudaMalloc(&d, 4096);
    run_far_scale(d);
    run_far_scale_racy(d);
    return 0;
}

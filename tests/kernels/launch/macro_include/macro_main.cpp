// A program including macro_scale.cu through a macro, with 512 threads.
#define WG 512
#define SCALE_FILE "macro_scale.cu"
#include SCALE_FILE

int main() {
    float *d;
    cudaMalloc(&d, 512 * sizeof(float));
    run_macro(d);
    return 0;
}

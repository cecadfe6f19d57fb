// A program of histogram_macro_racy.cuh with its default 3 channels.
#include "histogram_macro_racy.cuh"

int main() {
    unsigned char *in;
    unsigned int *parts;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&parts, 16 * 1024 * sizeof(unsigned int));
    run_default(in, 1 << 18, parts);
    return 0;
}

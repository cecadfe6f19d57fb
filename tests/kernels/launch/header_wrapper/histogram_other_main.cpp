// The includer of histogram_other_caller_racy.cuh.
#include "histogram_other_caller_racy.cuh"

int main() {
    unsigned char *in;
    unsigned int *parts;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&parts, 16 * 1024 * sizeof(unsigned int));
    run_partial_other<1, 256>(in, 1 << 18, parts);
    run_partial_other<3, 256>(in, 1 << 18, parts);
    return 0;
}

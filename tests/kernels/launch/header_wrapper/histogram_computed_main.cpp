// The quoted includer of histogram_computed_racy.cuh: 3 channels.
#include "histogram_computed_racy.cuh"

int main() {
    unsigned char *in;
    unsigned int *parts;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&parts, 16 * 1024 * sizeof(unsigned int));
    run_partial_computed<3, 256>(in, 1 << 18, parts);
    return 0;
}

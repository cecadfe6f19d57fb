// The one program of histogram.cuh.
#include "histogram.cuh"

template <int CHANNELS, int BINS>
void test_methods(const unsigned char *in, int n, unsigned int *d_parts) {
    run_partial<CHANNELS, BINS>(in, n, d_parts);
}

int main() {
    unsigned char *in;
    unsigned int *parts;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&parts, 16 * 1024 * sizeof(unsigned int));
    test_methods<1, 256>(in, 1 << 18, parts);
    test_methods<3, 256>(in, 1 << 18, parts);
    return 0;
}

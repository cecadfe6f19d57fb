// Another program including histogram_computed_racy.cuh through a macro,
// with 16 channels.
#define HEADER "../histogram_computed_racy.cuh"
#include HEADER

int main() {
    unsigned char *in;
    unsigned int *parts;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&parts, 16 * 1024 * sizeof(unsigned int));
    run_partial_computed<16, 256>(in, 1 << 18, parts);
    return 0;
}

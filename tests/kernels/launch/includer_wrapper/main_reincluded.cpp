// A program compiling pair_scan_reincluded.cpp with a half of 64.
#define HALF 64
#include "pair_scan_reincluded.cpp"

int main() {
    float *d;
    cudaMalloc(&d, 256 * sizeof(float));
    scan_pairs_reincluded(d);
    return 0;
}

// A program compiling pair_run.cpp with 128 threads.
#define WG 128
#include "pair_run.cpp"

int main() {
    float *d;
    cudaMalloc(&d, 512 * sizeof(float));
    run_pair(d);
    return 0;
}

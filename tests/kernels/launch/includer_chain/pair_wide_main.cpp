// A program compiling pair_run.cpp with 512 threads.
#define WG 512
#include "pair_run.cpp"

int main() {
    float *d;
    cudaMalloc(&d, 512 * sizeof(float));
    run_pair(d);
    return 0;
}

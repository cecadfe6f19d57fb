// A program compiling pair_ok_run.cpp with 128 threads.
#define WG 128
#include "pair_ok_run.cpp"

int main() {
    float *d;
    cudaMalloc(&d, 256 * sizeof(float));
    run_pair_ok(d);
    return 0;
}

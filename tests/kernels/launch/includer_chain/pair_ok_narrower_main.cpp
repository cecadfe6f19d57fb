// A program compiling pair_ok_run.cpp with 64 threads.
#define WG 64
#include "pair_ok_run.cpp"

int main() {
    float *d;
    cudaMalloc(&d, 256 * sizeof(float));
    run_pair_ok(d);
    return 0;
}
